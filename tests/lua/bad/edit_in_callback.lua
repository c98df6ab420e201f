-- expect: engine is busy
-- An edit from inside a callback (here a place function) is refused.
local canvas = require "canvas"
local c
c = canvas.new{items = 2, item_size = {10, 10}, layout = function(items)
  if c then c:remove{1} end
  local frames = {}
  for i = 1, #items do frames[i] = {x = 0, y = 0, width = 10, height = 10} end
  return frames
end}
c:insert({{id = 3, x = 0, y = 0, width = 10, height = 10}})
