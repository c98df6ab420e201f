-- lod.lua: 600 cards zoomed out to a tenth, drawn with level of detail.
-- At that zoom a 60 x 40 card is 6 x 4 points, below the 12-point minimum,
-- so cards are counted into clusters, one per cell of 16 to 32 points; every
-- 47th card is a 400 x 240 group card, 40 x 24 points zoomed, which is shown
-- on its own (in "visible").
--
--   canvas-lua scripts/layouts/lod.lua
--   canvas-lua --svg lod.svg scripts/layouts/lod.lua

local canvas = require "canvas"

local items = {}
for i = 1, 600 do
  local group = i % 47 == 0
  items[i] = {width = group and 400 or 60, height = group and 240 or 40}
end

return {
  items = items,
  layout = canvas.flow{h_spacing = 8, v_spacing = 8, max_width = 3000, alignment = "top"},
  viewport = {width = 640, height = 400, overscan = 0},
  initial_anchor = "top_leading",
  zoom = {axis = "both", min = 0.05, scale = 0.1},
  lod = {min_size = 12, cell = 16},
}
