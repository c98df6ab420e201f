-- mind_map.lua: a mind map in the engine's own tidy tree. The central
-- topic links to its branches and each branch to its ideas; with
-- canvas.tree{direction = "radial"} the links' tree is laid out by the
-- core (Reingold-Tilford, as d3-hierarchy's tree), its levels turned into
-- rings around the topic. Cards are sized to their text, and the links are
-- drawn as curves (React Flow's cubic Bezier) with arrowheads, under them.
--
--   canvas-lua scripts/layouts/mind_map.lua

local map = {
  {"Canvas", {
    {"Layout", {"flow", "grid", "tree", "layered"}},
    {"Viewport", {"scroll", "zoom", "fling"}},
    {"Editing", {"undo", "snap", "select"}},
    {"Links", {"routes", "culling", "clusters"}},
    {"Faces", {"C", "Lua", "Python", "Swift"}},
  }},
}

local items, links = {}, {}
-- A card as wide as its label (about 7 points a character at the picture's 12-point font).
local function card(label, depth)
  local height = depth == 0 and 44 or depth == 1 and 32 or 24
  items[#items + 1] = {id = label, width = 16 + 7.2 * #label, height = height}
end
local root, branches = map[1][1], map[1][2]
card(root, 0)
for _, branch in ipairs(branches) do
  card(branch[1], 1)
  links[#links + 1] = {from = root, to = branch[1], style = "curve"}
  for _, idea in ipairs(branch[2]) do
    card(idea, 2)
    links[#links + 1] = {from = branch[1], to = idea, style = "curve"}
  end
end

return {
  items = items,
  links = links,
  layout = canvas.tree{direction = "radial", level_spacing = 70, sibling_spacing = 14},
  margins = 24,
}
