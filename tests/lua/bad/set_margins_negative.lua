-- expect: margins.leading: expected a non-negative number, got -4
local canvas = require "canvas"
local c = canvas.new{items = 2, item_size = {10, 10}}
c:set_margins{leading = -4}
