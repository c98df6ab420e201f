-- Links from Lua: the description key, results' links (routes against the
-- C ABI's formulas), visible_links, place(items, proposal, links), and the
-- canvas methods (links, set_links, link_route, visible_links, query_links,
-- hit_test_link, insert_links, remove_links) with undo restoring links.
-- tests/luajit/run runs it again under LuaJIT with canvas.ffi (arg[1]).
local canvas = require((arg and arg[1]) or "canvas")
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local free = {
  {id = "a", x = 0, y = 0, width = 100, height = 50},
  {id = "b", x = 300, y = 0, width = 100, height = 50},
  {id = "c", x = 0, y = 400, width = 100, height = 50},
}

-- Defaults: ids by position, straight, sides auto.
local r = canvas.resolve{layout = "free", items = free,
  links = {{from = "a", to = "b"}, {id = 7, from = "a", to = "c", style = "curve", from_side = "bottom", to_side = "top"}},
  viewport = {width = 1000, height = 1000}}
check.equal(#r.links, 2, "two links")
local l1, l2 = r.links[1], r.links[2]
check.equal(l1.id, 1, "default id is the position")
check.equal(l1.from, "a", "from as the script's id")
check.equal(l1.to, "b", "to")
check.equal(l1.style, "straight", "default style")
-- Straight: from border to border on the centre line.
check.equal(#l1.points, 2, "straight has two points")
check.close(l1.points[1][1], 100, "straight leaves a's right border")
check.close(l1.points[1][2], 25, "on the centre line")
check.close(l1.points[2][1], 300, "enters b's left border")
-- Curve: React Flow's four control points, half the gap out of each side.
check.equal(l2.id, 7, "given id")
check.equal(l2.style, "curve", "curve")
check.equal(#l2.points, 4, "a curve's control points")
check.close(l2.points[1][2], 50, "curve starts on a's bottom")
check.close(l2.points[2][2], 225, "first control point")
check.close(l2.points[3][2], 225, "second control point")
check.close(l2.points[4][2], 400, "ends on c's top")
check.equal(table.concat(r.visible_links, ","), "1,7", "visible_links")

-- No links, no key (results without links are as they were).
r = canvas.resolve{layout = "free", items = free, viewport = {width = 100, height = 100}}
check.equal(r.links, nil, "no links key without links")
check.equal(r.visible_links, nil, "no visible_links key without links")

-- Step routes are orthogonal.
r = canvas.resolve{layout = "free", items = free, links = {{from = "a", to = "b", style = "step", from_side = "bottom", to_side = "bottom"}}}
local points = r.links[1].points
check.equal(r.links[1].style, "step", "step")
for i = 2, #points do
  local dx, dy = points[i][1] - points[i - 1][1], points[i][2] - points[i - 1][2]
  if dx ~= 0 and dy ~= 0 then error("step segment " .. i .. " is not orthogonal") end
end
check.close(points[1][2], 50, "step leaves by a's bottom")
check.close(points[#points][2], 50, "and enters by b's bottom")

-- place(items, proposal, links): 1-based indices, link ids; two-parameter place functions still work.
local seen
local function row(items, proposal, links)
  seen = links
  local frames = {}
  for i, item in ipairs(items) do frames[i] = {x = (i - 1) * 50, y = 0, width = item.width, height = item.height} end
  return frames
end
local items = {{id = "x", width = 10, height = 10}, {id = "y", width = 10, height = 10}, {id = "z", width = 10, height = 10}}
local c = canvas.new{items = items, layout = row, links = {{id = 4, from = "z", to = "x"}, {from = "y", to = "z"}}}
check.equal(#seen, 2, "place got the links")
check.equal(seen[1].from, 3, "from as a 1-based index")
check.equal(seen[1].to, 1, "to as a 1-based index")
check.equal(seen[1].id, 4, "the link's id")
check.equal(seen[2].id, 2, "default id")
check.equal(seen[2].from, 2, "second from")
local two = canvas.resolve{items = items, layout = function(items, proposal)
  check.equal(select("#", items, proposal), 2, "two parameters")
  local frames = {}
  for i, item in ipairs(items) do frames[i] = {x = i * 20, y = 0, width = 10, height = 10} end
  return frames
end, links = {{from = "x", to = "y"}}}
check.equal(#two.links, 1, "a two-parameter place keeps working")
local varargs
canvas.resolve{items = items, layout = function(...) varargs = select("#", ...); return row(...) end, links = {{from = "x", to = "y"}}}
check.equal(varargs, 3, "a vararg place gets the links")

-- The methods.
c = canvas.new{layout = "free", items = free, links = {{from = "a", to = "b"}}, viewport = {width = 1000, height = 1000}}
local all = c:links()
check.equal(#all, 1, "links()")
check.equal(all[1].from_side, "auto", "from_side")
check.equal(all[1].to_side, "auto", "to_side")
check.equal(type(c:insert_links({{id = 9, from = "c", to = "a", style = "step", from_side = "top", to_side = "bottom"}}, 1)),
            "boolean", "insert_links answers whether it published")
all = c:links()
check.equal(#all, 2, "inserted")
check.equal(all[1].id, 9, "before link 1")
check.equal(all[1].style, "step", "its style")
check.equal(all[1].from_side, "top", "its from side")
check.equal(all[1].to_side, "bottom", "its to side")
check.equal(table.concat(c:visible_links(), ","), "9,1", "visible_links() in link order")
local route = c:link_route(1)
check.close(route[1][1], 100, "link_route")
check.equal(c:hit_test_link(200, 27), 1, "hit_test_link within the slop")
check.equal(c:hit_test_link(200, 40), nil, "hit_test_link misses")
check.equal(table.concat(c:query_links{x = 190, y = 20, width = 20, height = 10}, ","), "1", "query_links")
c:remove_links{9}
check.equal(#c:links(), 1, "remove_links")
c:undo()
check.equal(#c:links(), 2, "undo brings the link back")
-- Removing an item removes its links; undo restores them exactly.
c:remove{"a"}
check.equal(#c:links(), 0, "item removal takes its links")
c:undo()
all = c:links()
check.equal(#all, 2, "undo restores them")
check.equal(all[1].id, 9, "in their order")
check.equal(all[1].from_side, "top", "with their sides")
c:set_links{{from = "b", to = "c"}}
check.equal(#c:links(), 1, "set_links replaces")
check.equal(c:result().links[1].to, "c", "result after set_links")
c:set_links{}
check.equal(c:result().links, nil, "set_links{} clears")

-- Integer item ids pass as they are.
r = canvas.resolve{items = 3, item_size = {10, 10}, layout = canvas.tree{}, links = {{from = 1, to = 2}, {from = 1, to = 3}}}
check.equal(r.links[2].to, 3, "integer ends")

-- Bad input names the link and the key.
local base = {layout = "free", items = free}
local function with(links) local d = {} for k, v in pairs(base) do d[k] = v end d.links = links return d end
check.fails(function() canvas.resolve(with{{from = "a", to = "nope"}}) end, "links[1].to: no item has id nope", "unknown end")
check.fails(function() canvas.resolve(with{{from = "a", to = "b"}, {from = "a", to = 42}}) end, "links[2].to: no item has id 42", "unknown integer end")
check.fails(function() canvas.resolve(with{{from = "a"}}) end, "links[1]: missing field 'to'", "missing end")
check.fails(function() canvas.resolve(with{{from = "a", to = "a"}}) end, "links[1]: from and to are the same item (a)", "self link")
check.fails(function() canvas.resolve(with{{from = "a", to = "b", style = "wavy"}}) end,
            'links[1].style: expected "straight", "step" or "curve", got string "wavy"', "bad style")
check.fails(function() canvas.resolve(with{{from = "a", to = "b", to_side = "left"}}) end,
            'links[1].to_side: expected "auto", "top", "bottom", "leading" or "trailing"', "bad side")
check.fails(function() canvas.resolve(with{{id = 3, from = "a", to = "b"}, {from = "b", to = "c"}, {id = 3, from = "c", to = "a"}}) end,
            "links[3].id: duplicate link id 3 (also the id of links[1])", "duplicate ids")
check.fails(function() canvas.resolve(with{{id = -1, from = "a", to = "b"}}) end, "links[1].id: expected a link id", "negative id")
check.fails(function() canvas.resolve(with{{from = "a", to = "b", colour = "red"}}) end, "links[1]: unknown key 'colour'", "unknown key")
check.fails(function() canvas.resolve(with(5)) end, "links: expected an array of links", "not a table")
check.fails(function() c:insert_links{{from = "a", to = "b"}} end, "insert_links[1]: missing field 'id'", "insert needs ids")
check.fails(function() c:insert_links({{id = 50, from = "a", to = "b"}}, 77) end, "insert_links: no link has id 77 (before_id)", "unknown before")
check.fails(function() c:remove_links{123} end, "remove_links:", "unknown link")
check.fails(function() c:link_route(123) end, "link_route: no link has id 123", "route of an unknown link")
check.fails(function() c:set_links{{from = "a", to = "b"}, {from = "b", to = 99}} end, "set_links[2].to: no item has id 99", "live unknown end")
check.equal(#c:links(), 0, "failed edits changed nothing")
return {items = 0}
