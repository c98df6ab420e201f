-- zoom_pinch.lua: a grid of cards zoomed by a recorded pinch, as a host
-- would replay one from its gesture recognizer. The pinch spreads to 1.4
-- and then 2.1 times its starting span; the zoom snaps to the nearest stop
-- (1.5, then 2), keeping the content under the fingers still. A tap then
-- selects the card under it.
--
--   canvas-lua scripts/layouts/zoom_pinch.lua
--   canvas-lua --svg zoom.svg scripts/layouts/zoom_pinch.lua   (labels drawn at 12 x zoom)

local canvas = require "canvas"

local items = {}
for i = 1, 24 do
  items[i] = {id = string.format("card-%02d", i), width = 72, height = 48}
end

-- A host re-renders what it draws inside items when the zoom changes; here
-- that is the label size. canvas-lua's picture grows its labels the same way.
local label_points = 12
local zooms = {}

return {
  items = items,
  layout = canvas.grid{columns = 6, h_spacing = 12, v_spacing = 12},
  margins = 24,
  viewport = {width = 400, height = 300},
  initial_anchor = "top_leading",
  backdrop = {kind = "grid", spacing = 24, line_width = 0.5},
  zoom = {axis = "both", min = 0.5, max = 3, stops = {1, 1.5, 2, 3}},
  gestures = {
    {"began", x = 120, y = 90},
    {"changed", scale = 1.4, x = 120, y = 90},
    {"changed", scale = 2.1, x = 120, y = 90},
    {"ended"},
    {"select", x = 150, y = 120},
  },
  on_zoom_begin = function(scale) zooms[#zooms + 1] = "begin " .. scale end,
  on_zoom = function(scale)
    label_points = 12 * scale
    zooms[#zooms + 1] = "labels at " .. label_points .. " pt"
  end,
  on_zoom_end = function(scale) zooms[#zooms + 1] = "end " .. scale end,
}
