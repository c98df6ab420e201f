-- radial_tree.lua: a tree drawn in rings. The root sits at the center,
-- depth d on a circle of radius d * ring, and each subtree gets a wedge of
-- angle proportional to its number of leaves, so branches never cross.
--
--   canvas-lua scripts/layouts/radial_tree.lua [depth] [branching]

local depth = tonumber(arg and arg[1]) or 3
local branching = tonumber(arg and arg[2]) or 3
local ring = 110

-- Build the tree: parent links and children lists, breadth first, so item
-- order is level by level.
local nodes = {{depth = 0, children = {}}}
local level = {1}
for d = 1, depth do
  local next_level = {}
  for _, parent in ipairs(level) do
    for _ = 1, branching - (d % 2) do  -- alternate fan-outs for a livelier shape
      nodes[#nodes + 1] = {depth = d, parent = parent, children = {}}
      table.insert(nodes[parent].children, #nodes)
      next_level[#next_level + 1] = #nodes
    end
  end
  level = next_level
end

local function leaves(index)
  local node = nodes[index]
  if #node.children == 0 then return 1 end
  local count = 0
  for _, child in ipairs(node.children) do count = count + leaves(child) end
  return count
end

local function radial_tree(items, proposal)
  local angles = {}
  local function place(index, from, to)
    angles[index] = (from + to) / 2
    local total, at = leaves(index), from
    for _, child in ipairs(nodes[index].children) do
      local share = (to - from) * leaves(child) / total
      place(child, at, at + share)
      at = at + share
    end
  end
  place(1, 0, 2 * math.pi)
  local frames = {}
  for i, item in ipairs(items) do
    local radius = nodes[i].depth * ring
    frames[i] = {x = radius * math.cos(angles[i]) - item.width / 2,
                 y = radius * math.sin(angles[i]) - item.height / 2,
                 width = item.width, height = item.height}
  end
  return frames
end

return {items = #nodes, item_size = {36, 36}, layout = radial_tree, margins = 24}
