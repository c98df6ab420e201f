-- expect: layout: unknown layout 'spiral'
local canvas = require "canvas"
local c = canvas.new{items = 2, item_size = {10, 10}}
c:set_layout("spiral")
