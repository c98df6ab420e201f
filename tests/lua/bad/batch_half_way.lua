-- expect: cannot remove id 9: no item has it
-- A batch that fails half-way leaves the canvas as it was, then raises.
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}}
local ok, err = pcall(c.batch, c, function(c)
  c:move(1, 50, 50)
  c:remove{9}
end)
assert(not ok and c:result().items[1].x == 0)
error(err, 0)
