-- whiteboard.lua: a free canvas, as a whiteboard keeps one. Every item has
-- its own frame in world coordinates, negative ones included; nothing is
-- normalized or anchored, and the viewport opens left of and above the
-- origin, where the first notes were put. A tap selects the sticky note
-- under it (viewport point 60, 60).
--
--   canvas-lua scripts/layouts/whiteboard.lua

local notes = {
  {id = "idea", x = -260, y = -150, width = 150, height = 90},
  {id = "todo", x = -80, y = -170, width = 120, height = 120},
  {id = "sketch", x = 90, y = -120, width = 200, height = 140},
  {id = "arrow", x = -110, y = -20, width = 180, height = 6},
  {id = "photo", x = -240, y = 10, width = 130, height = 100},
  {id = "quote", x = 20, y = 60, width = 260, height = 50},
}

return {
  layout = "free",
  items = notes,
  viewport = {width = 520, height = 320, x = -280, y = -190},
  snap = {grid = 10},
  tool = "select",
  gestures = {{"select", x = 60, y = 60}},
}
