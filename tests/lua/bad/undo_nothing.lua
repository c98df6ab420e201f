-- expect: nothing to undo
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}}
c:undo()
