-- A drag that flings: 120 cards in a 12-column grid seen through a 360 × 240
-- viewport. The pointer drags left for 96 ms and lets go; the fling
-- decelerates (UIScrollView's normal rate) into the right edge, springs
-- back from past it, and comes to rest there. The dashed line is the
-- viewport's top-left corner at each 32 ms frame; the scroll indicators
-- sit on the viewport's edges.
--
--   canvas-lua scripts/layouts/fling.lua --svg fling.svg
local canvas = require "canvas"

local drag = {{"down", x = 300, y = 200, t = 0}}
for step = 1, 6 do
  drag[#drag + 1] = {"move", x = 300 - 40 * step, y = 200 - 6 * step, t = 16 * step}
end
drag[#drag + 1] = {"up", x = 60, y = 164, t = 96}
drag[#drag + 1] = {"run", to = 3000, every = 32}

return {
  items = 120, item_size = {90, 60},
  layout = canvas.grid{columns = 12, h_spacing = 10, v_spacing = 10},
  margins = 20,
  viewport = {width = 360, height = 240, overscan = 0}, initial_anchor = "top_leading",
  motion = {indicators = "visible"},
  trace = true,
  gestures = drag,
}
