-- expect: direction: expected "ltr" or "rtl"
local canvas = require "canvas"
canvas.new{items = 2, item_size = {10, 10}}:set_direction("up")
