-- expect: animated zoom to fit of {x=0.0, y=0.0, width=10000000000.0, height=10000000000.0} (its smooth path) would take the viewport past the finite range
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}, viewport = {width = 100, height = 100},
                     zoom = {min = 1e-10, max = 10}}
c:zoom_to_fit{region = {x = 0, y = 0, width = 1e10, height = 1e10}, animated = true, t = 0}
