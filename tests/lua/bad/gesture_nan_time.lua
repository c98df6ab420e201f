-- expect: gestures[2].t
return {items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100},
        gestures = {{"down", x = 10, y = 10, t = 0}, {"up", x = 10, y = 10, t = 0/0}}}
