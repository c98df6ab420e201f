-- snapping.lua: a drag in progress with the select tool, as a host would
-- replay it from its pointer events. Card "c" was pressed and dragged
-- toward the row; within 8 points of a line it snaps: its top edge to the
-- row's top edges (an edge guide) and its left edge one gap past "b",
-- repeating the spacing between "a" and "b" (gap guides). A marquee, a
-- guide and the selection are drawn by --svg; the JSON lists the guides.
--
--   canvas-lua --svg snapping.svg scripts/layouts/snapping.lua

return {
  layout = "free",
  tool = "select",
  snap = {items = true, gaps = true, threshold = 8},
  viewport = {width = 420, height = 260, x = 0, y = 0},
  items = {
    {id = "a", x = 20, y = 20, width = 80, height = 60},
    {id = "b", x = 140, y = 20, width = 80, height = 60},
    {id = "c", x = 80, y = 150, width = 80, height = 60},
    {id = "note", x = 40, y = 230, width = 120, height = 20},
  },
  -- Press on "c", drag 183 right and 127 up: unsnapped it would sit at
  -- (263, 23); it snaps to (260, 20).
  gestures = {
    {"down", x = 120, y = 180, t = 0},
    {"move", x = 200, y = 120, t = 16},
    {"move", x = 303, y = 53, t = 32},
  },
}
