-- ring.lua: items on a circle, each centered on its point, as in the
-- README of Pannable (a SwiftUI view that lays a collection out on a large
-- canvas and builds only the items on screen; Canvas follows its rules).
-- The layout returns frames around (0, 0), negative coordinates included;
-- the engine normalizes and anchors them.
--
--   canvas-lua scripts/layouts/ring.lua
--   canvas-lua scripts/layouts/ring.lua --format text   (options go before the script)

local canvas = require "canvas"

local count = tonumber(arg and arg[1]) or 12
local radius = tonumber(arg and arg[2]) or 240

local function ring(items, proposal)
  local step = 2 * math.pi / math.max(#items, 1)
  local frames = {}
  for i, item in ipairs(items) do
    local angle = step * (item.index - 1)
    frames[i] = {
      x = radius * math.cos(angle) - item.width / 2,
      y = radius * math.sin(angle) - item.height / 2,
      width = item.width,
      height = item.height,
    }
  end
  return frames
end

return {
  items = count,
  item_size = {80, 80},
  layout = ring,
  margins = 40,
}
