-- expect: overscan 9e+307 around a 100.0 × 100.0 viewport is past the finite range
local canvas = require "canvas"
local c = canvas.new{items = 2, item_size = {10, 10}, viewport = {width = 100, height = 100}}
assert(#c:result().visible == 2)
c:set_viewport{width = 100, height = 100, overscan = 9e307}
