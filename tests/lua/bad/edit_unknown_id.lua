-- expect: edit_unknown_id.lua:4: no item has id missing
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = "a", x = -5, y = 0, width = 10, height = 10}}}
c:move("missing", 1, 2)
