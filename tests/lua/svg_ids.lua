-- Ids with XML's special characters, for the SVG smoke test in tests/lua/run:
-- the picture must stay well-formed, with one <rect class="item"> per item.
return {
  items = {
    {id = "a<b", width = 60, height = 40},
    {id = "fish & chips", width = 90, height = 40},
    {id = "\"quoted\" 'single'", width = 120, height = 40},
    {id = "ünïcødé ✓", width = 80, height = 40},
    {id = 5, width = 40, height = 40},
  },
  layout = "flow",
  viewport = {width = 150, height = 60, overscan = 0},
  initial_anchor = "top_leading",
  backdrop = {kind = "grid", spacing = 16},
  zoom = {scale = 1.5, axis = "both"},
  gestures = {{"select", x = 10, y = 10}},
}
