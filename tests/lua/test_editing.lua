-- The free layout, edits, batches, undo, selection, snap and focus through canvas-lua.
local canvas = require "canvas"

local c = canvas.new{layout = "free", viewport = {width = 200, height = 200},
  items = {{id = "a", x = -40, y = 10, width = 80, height = 60}, {id = 2, x = 100, y = 0, width = 10, height = 10}}}
local function frame(id)
  for _, item in ipairs(c:result().items) do if item.id == id then return item end end
end
local function order()
  local ids = {}
  for i, item in ipairs(c:result().items) do ids[i] = item.id end
  return table.concat(ids, ",")
end

-- World coordinates stay.
assert(frame("a").x == -40 and frame("a").y == 10)
c:move("a", 100, 20)
assert(frame("a").x == 100 and frame("a").y == 20)
c:set_frame(2, {x = -5, y = -6, width = 7, height = 8})
assert(frame(2).x == -5 and frame(2).width == 7)
c:insert({{id = "b", x = 0, y = 0, width = 10, height = 10}}, "a")
assert(order() == "b,a,2")
c:bring_to_front{"b"}
assert(order() == "a,2,b")
c:send_to_back{2}
assert(order() == "2,a,b")
c:remove{"a"}
assert(order() == "2,b")

-- A batch is whole or nothing, and one undo step.
local ok = pcall(c.batch, c, function(c) c:remove{"b"}; c:move("nope", 0, 0) end)
assert(not ok and order() == "2,b")
c:batch(function(c) c:move(2, 1, 1); c:remove{"b"} end)
assert(order() == "2")
c:undo()
assert(order() == "2,b" and frame(2).x == -5)
c:redo()
assert(order() == "2")
for _ = 1, 7 do c:undo() end
assert(order() == "a,2" and frame("a").x == -40)
assert(not pcall(c.undo, c))

-- Selection by rectangle.
local selected = c:select_rect{x = -50, y = 0, width = 100, height = 100, mode = "contain"}
assert(#selected == 1 and selected[1] == "a")
selected = c:select_rect{x = 90, y = -10, width = 50, height = 50, op = "add"}
assert(#selected == 2)
c:deselect("a")
assert(#c:selection() == 1)
c:select_all(); assert(#c:selection() == 2)
c:clear_selection(); assert(#c:selection() == 0)

-- Tool, snap, guides (none without a drag), nudge and focus.
c:set_tool("select")
assert(not pcall(c.set_tool, c, "lasso"))
c:set_snap{grid = 10, items = false, gaps = false, threshold = 8}
assert(#c:guides() == 0)
c:select_all()
c:nudge("right")
assert(frame("a").x == -30 and frame(2).x == 110)
c:undo()
c:focus("a")
assert(c:focus_next("right") == 2)
assert(c:focus_next("right") == nil)
assert(c:focused() == 2)
assert(c:result().focus == 2)

-- On a flow canvas an edit lays out again.
local f = canvas.new{items = {{id = 1, width = 10, height = 10}, {id = 2, width = 10, height = 10}},
  layout = canvas.flow{h_spacing = 0, v_spacing = 0}}
f:insert({{id = 3, width = 10, height = 10}}, 1)
assert(f:result().items[1].id == 3 and f:result().items[2].id == 1)
assert(not pcall(f.move, f, 1, 5, 5))
-- The select tool through pointer gestures: a drag in progress snaps and shows its guides.
local d = canvas.new{layout = "free", tool = "select", snap = {items = true, gaps = false},
  viewport = {width = 400, height = 300, x = 0, y = 0},
  items = {{id = 1, x = 0, y = 0, width = 50, height = 50}, {id = 2, x = 100, y = 0, width = 50, height = 50}},
  gestures = {{"down", x = 10, y = 10, t = 0}, {"move", x = 55, y = 110, t = 16}}}
local guides = d:guides()
assert(#guides == 1 and guides[1].kind == "edge" and guides[1].x1 == 100, "an edge guide at x = 100")
assert(d:result().items[1].x == 50 and d:result().guides)
-- A marquee in progress is in the result (the SVG draws it).
local m = canvas.new{layout = "free", tool = "select", viewport = {width = 400, height = 300, x = 0, y = 0},
  items = {{id = 1, x = 0, y = 0, width = 50, height = 50}, {id = 2, x = 100, y = 0, width = 50, height = 50}},
  gestures = {{"down", x = 300, y = 200, t = 0}, {"move", x = 120, y = 20, t = 16}}}
assert(m:result().marquee.width == 180 and #m:selection() == 1 and m:selection()[1] == 2)


-- set_layout("free") on a live canvas: its items keep their frames and can move; back to flow, no longer free
do
  local live = canvas.new{items = 4, item_size = {50, 50}, layout = canvas.grid{columns = 2, h_spacing = 0, v_spacing = 0}}
  live:set_layout("free"); live:resolve()
  assert(live:result().free == true, "free after set_layout('free')")
  live:move(2, -100, -100); live:resolve()
  assert(live:result().items[2].x == -100, "a free item keeps its own coordinates")
  live:set_layout("flow"); live:resolve()
  assert(live:result().free ~= true, "not free after set_layout('flow')")
end

return {layout = "free", items = {}}
