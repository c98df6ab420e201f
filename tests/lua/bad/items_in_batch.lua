-- expect: cannot replace the items while a batch is open: commit or roll it back first
-- A new item list inside a batch is refused (its rollback trapped on ids that were gone); the batch rolls back whole.
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}}
c:batch(function(c)
  c:move(1, 50, 50)
  c:set_items{{id = 7, width = 5, height = 5}}
end)
