-- expect: wheel delta (0.0, 1e+308) would take the viewport past the finite range
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}, viewport = {width = 100, height = 100}}
c:wheel{dy = 1e308, t = 0}
c:wheel{dy = 1e308, t = 1}
