-- expect: gestures[3].t: 10.0 ms is before the previous event's 32.0 ms (times must not go back)
return {items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100},
        gestures = {{"down", x = 10, y = 10, t = 16}, {"move", x = 30, y = 10, t = 32}, {"move", x = 50, y = 10, t = 10}}}
