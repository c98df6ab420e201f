-- expect: gestures[3] (move): pointer move to (-1e+308, 0.0) would take the viewport past the finite range
return {layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}, viewport = {width = 100, height = 100},
        gestures = {{"down", x = 0, y = 0, t = 0}, {"move", x = 1e300, y = 0, t = 1}, {"move", x = -1e308, y = 0, t = 2}}}
