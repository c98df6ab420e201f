-- expect: cannot remove id 1 twice in one edit
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}}
c:remove{1, 1}
