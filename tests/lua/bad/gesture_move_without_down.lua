-- expect: gestures[1] (move): pointer moved with no pointer down
return {items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100},
        gestures = {{"move", x = 30, y = 10, t = 0}}}
