-- Links in canvas-lua's JSON and SVG: a selected link (picked by a press of
-- the select tool, replayed from gestures), a curve, and level of detail's
-- cluster links between small cards.
local items, links = {{id = "hub", x = 0, y = 0, width = 120, height = 60}, {id = "leaf", x = 300, y = 200, width = 80, height = 40}}, {}
links[1] = {from = "hub", to = "leaf", style = "curve"}
for i = 1, 30 do items[#items + 1] = {id = i, x = (i - 1) * 10, y = 400, width = 4, height = 4} end
for i = 1, 29 do links[#links + 1] = {id = 100 + i, from = i, to = i + 1} end
links[#links + 1] = {id = 200, from = "hub", to = 15, style = "step", from_side = "bottom", to_side = "top"}
return {layout = "free", items = items, links = links, tool = "select", lod = {min_size = 8, cell = 30},
        viewport = {width = 500, height = 500, x = 0, y = 0},
        gestures = {{"down", x = 200, y = 130, t = 0}, {"up", x = 200, y = 130, t = 40}}}
