-- ring_viewport.lua: the ring from ring.lua, seen through a 400 x 300
-- window that opens on the ring's right-hand side, over a dotted backdrop.
-- Items outside the window (and its overscan) are culled: the JSON lists
-- the visible ones, and the SVG picture dims the rest.
--
--   canvas-lua scripts/layouts/ring_viewport.lua
--   canvas-lua --svg ring.svg scripts/layouts/ring_viewport.lua

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
  -- The window opens at the trailing edge, halfway down:
  -- offset = max(0, content - viewport) * anchor = (240, 170).
  viewport = {width = 400, height = 300, overscan = 32},
  initial_anchor = "trailing",
  backdrop = {kind = "dots", spacing = 20, radius = 1.5},
}
