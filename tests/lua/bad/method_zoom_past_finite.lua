-- expect: zoom scale 1e+308: the content (10.0 × 28.0) zoomed by 1e+308 is past the finite range
local canvas = require "canvas"
local c = canvas.new{items = 2, item_size = {10, 10}, zoom = {max = 1e308}}
c:set_zoom(1e308)
