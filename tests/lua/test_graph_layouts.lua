-- canvas.tree{...} and canvas.layered{...} as description layouts and through
-- c:set_layout: defaults, directions, spacings, and bad settings refused by
-- name. Items without links: a tree's roots side by side, a layered
-- layout's one rank.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local items = {{id = 1, width = 10, height = 10}, {id = 2, width = 20, height = 10}, {id = 3, width = 10, height = 30}}

-- Roots side by side, 5 apart, centred on their level (30 deep).
local r = canvas.resolve{items = items, layout = canvas.tree{sibling_spacing = 5}}
check.rect(r.items[1], 0, 10, 10, 10, "tree root 1")
check.rect(r.items[2], 15, 10, 20, 10, "tree root 2")
check.rect(r.items[3], 40, 0, 10, 30, "tree root 3")

-- The layout's name alone takes the defaults: siblings 16 apart, nodes on a rank 20 apart.
r = canvas.resolve{items = items, layout = "tree"}
check.close(r.items[2].x - (r.items[1].x + r.items[1].width), 16, "tree default spacing")
r = canvas.resolve{items = items, layout = "layered"}
check.close(r.items[2].x - (r.items[1].x + r.items[1].width), 20, "layered default spacing")

-- Right: the roots stack down the level; a layered rank stacks too.
r = canvas.resolve{items = items, layout = canvas.tree{direction = "right", sibling_spacing = 5}}
check.close(r.items[2].y - (r.items[1].y + r.items[1].height), 5, "tree right")
r = canvas.resolve{items = items, layout = canvas.layered{direction = "right", node_spacing = 7}}
check.close(r.items[3].y - (r.items[2].y + r.items[2].height), 7, "layered right")

-- c:set_layout switches to them, and back.
local c = canvas.new{items = items, layout = canvas.flow{}}
c:set_layout(canvas.layered{node_spacing = 3})
c:resolve()
local f = c:result().items
check.close(f[2].x - (f[1].x + f[1].width), 3, "set_layout layered")
c:set_layout(canvas.tree{direction = "radial"})
c:resolve()
check.equal(#c:result().items, 3, "radial tree")

-- Bad settings name the key.
local function refuses(settings, kind, text)
  local ok, err = pcall(canvas[kind], settings)
  check.equal(ok, false, kind .. " refuses " .. text)
  if not err:find(text, 1, true) then error(kind .. ": '" .. err .. "' lacks '" .. text .. "'") end
end
refuses({direction = "up"}, "tree", 'layout (tree).direction: expected "down", "right" or "radial"')
refuses({direction = "radial"}, "layered", 'layout (layered).direction: expected "down" or "right"')
refuses({level_spacing = -1}, "tree", "layout (tree).level_spacing: expected a non-negative number")
refuses({node_spacing = 0 / 0}, "layered", "layout (layered).node_spacing")
refuses({rank_spacing = "wide"}, "layered", "layout (layered).rank_spacing")
refuses({columns = 3}, "tree", "layout (tree)")

return {items = 0}
