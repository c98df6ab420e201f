-- expect: gestures[1].mode: expected "pixel", "line" or "page", got inches
return {items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100},
        gestures = {{"wheel", dy = 3, mode = "inches"}}}
