-- Link selection from Lua: select_link, deselect_link, clear_link_selection,
-- selected_links, set_marquee_links / marquee_links; the select tool's press
-- on a link, its marquee with links on, the delete key removing the selected
-- items and links as one undo step; results' selected_links.
local canvas = require((arg and arg[1]) or "canvas")
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function ids(list) return table.concat(list, ",") end
local function board()
  return canvas.new{layout = "free", tool = "select", snap = {items = false, gaps = false},
    viewport = {width = 600, height = 400, x = 0, y = 0},
    items = {{id = "a", x = 0, y = 0, width = 100, height = 50}, {id = "b", x = 300, y = 0, width = 100, height = 50},
             {id = "c", x = 0, y = 300, width = 100, height = 50}},
    links = {{from = "a", to = "b"}, {from = "a", to = "c"}, {id = 9, from = "b", to = "c"}}}
end

local c = board()
check.equal(ids(c:selected_links()), "", "nothing selected at first")
c:select_link(2)
check.equal(ids(c:selected_links()), "2", "select_link")
c:select_link(9, true)
check.equal(ids(c:selected_links()), "2,9", "select_link(id, true) adds, in link order")
c:select_id("a")
c:select_link(1)
check.equal(ids(c:selected_links()), "1", "select_link alone clears the links")
check.equal(ids(c:selection()), "", "and the items")
c:select_link(9, true)
c:deselect_link(1)
check.equal(ids(c:selected_links()), "9", "deselect_link")
c:deselect_link(1)
check.equal(ids(c:selected_links()), "9", "deselecting a link not selected changes nothing")
c:clear_link_selection()
check.equal(ids(c:selected_links()), "", "clear_link_selection")
check.fails(function() c:select_link(44) end, "select_link: no link has id 44", "unknown link")
check.fails(function() c:set_marquee_links("yes") end, "boolean expected", "set_marquee_links takes a boolean")
check.equal(c:marquee_links(), false, "the marquee leaves links by default")
c:set_marquee_links(true)
check.equal(c:marquee_links(), true, "marquee_links()")

-- The select tool: a press on link 1 (a->b, y = 25 between x 100 and 300) selects it; shift adds link 2.
c = board()
c:pointer_down(200, 26, 0); c:pointer_up(200, 26, 50)
check.equal(ids(c:selected_links()), "1", "a press on a link selects it")
c:pointer_down(50, 175, 100, {shift = true}); c:pointer_up(50, 175, 150, {shift = true})
check.equal(ids(c:selected_links()), "1,2", "shift adds a link")
c:pointer_down(500, 380, 200); c:pointer_up(500, 380, 250)
check.equal(ids(c:selected_links()), "", "a press on empty space clears them")
-- The marquee takes the links whose route it touches only when asked.
local function drag(b, x1, y1, x2, y2, t)
  b:pointer_down(x1, y1, t); b:pointer_move((x1 + x2) / 2, (y1 + y2) / 2, t + 16)
  b:pointer_move(x2, y2, t + 32); b:pointer_up(x2, y2, t + 48)
end
drag(c, 150, 10, 250, 40, 1000)
check.equal(ids(c:selected_links()), "", "the marquee leaves links by default")
c:set_marquee_links(true)
drag(c, 150, 10, 250, 40, 2000)
check.equal(ids(c:selected_links()), "1", "with marquee_links the marquee takes link 1")
-- Delete removes the selected items and links as one undo step.
c:select_id("c")
c:select_link(1, true)
check.equal(ids(c:selection()), "c", "c selected")
c:key("delete", 3000)
check.equal(#c:links(), 0, "deleting c took links 2 and 9 with it, and link 1 was selected")
check.equal(c:count(), 2, "c is gone")
c:undo()
check.equal(#c:links(), 3, "one undo brings every link back")
check.equal(c:count(), 3, "and the item")
check.equal(ids(c:links()[1].id and {c:links()[1].id, c:links()[2].id, c:links()[3].id}), "1,2,9", "in their order")

-- Results carry selected_links beside selection.
c:select_link(2)
local r = c:result()
check.equal(ids(r.selected_links), "2", "result.selected_links")
return {items = 0}
