-- radial_tree.lua: a tree drawn in rings, laid out in Lua from its links.
-- The description lists the parent -> child links; the place function gets
-- them as place(items, proposal, links), with 1-based item indices, and
-- rebuilds the tree from them: the root (the item no link enters) sits at
-- the center, depth d on a circle of radius d * ring, and each subtree gets
-- a wedge of angle proportional to its number of leaves, so branches never
-- cross. The links are drawn straight, with arrowheads, under the cards.
--
--   canvas-lua scripts/layouts/radial_tree.lua [depth] [branching]

local depth = tonumber(arg and arg[1]) or 3
local branching = tonumber(arg and arg[2]) or 3
local ring = 110

-- The tree as links, breadth first, so item order is level by level.
local count, links, level = 1, {}, {1}
for d = 1, depth do
  local next_level = {}
  for _, parent in ipairs(level) do
    for _ = 1, branching - (d % 2) do  -- alternate fan-outs for a livelier shape
      count = count + 1
      links[#links + 1] = {from = parent, to = count}
      next_level[#next_level + 1] = count
    end
  end
  level = next_level
end

local function radial_tree(items, proposal, links)
  -- Children and parents from the links, by item index.
  local children, has_parent = {}, {}
  for i = 1, #items do children[i] = {} end
  for _, link in ipairs(links) do
    table.insert(children[link.from], link.to)
    has_parent[link.to] = true
  end
  local leaf_count = {}
  local function leaves(index)
    if leaf_count[index] then return leaf_count[index] end
    local total = 0
    for _, child in ipairs(children[index]) do total = total + leaves(child) end
    leaf_count[index] = math.max(total, 1)
    return leaf_count[index]
  end
  local angles, depths = {}, {}
  local function place(index, d, from, to)
    angles[index], depths[index] = (from + to) / 2, d
    local at = from
    for _, child in ipairs(children[index]) do
      local share = (to - from) * leaves(child) / leaves(index)
      place(child, d + 1, at, at + share)
      at = at + share
    end
  end
  for i = 1, #items do
    if not has_parent[i] then place(i, 0, 0, 2 * math.pi) end
  end
  local frames = {}
  for i, item in ipairs(items) do
    local radius = depths[i] * ring
    frames[i] = {x = radius * math.cos(angles[i]) - item.width / 2,
                 y = radius * math.sin(angles[i]) - item.height / 2,
                 width = item.width, height = item.height}
  end
  return frames
end

return {items = count, item_size = {36, 36}, layout = radial_tree, links = links, margins = 24}
