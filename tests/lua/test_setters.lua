-- A live canvas changes what its description set once: layout, margins,
-- content size and anchor, direction; deselect and clear_selection; and a
-- pan that changes nothing visible returns nil. Expected numbers are worked
-- out by hand from the rules in canvas.h.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

-- 4 items of 10x10 in a flow with max_width 100, spacing 8: one row, 64 wide.
local c = canvas.new{items = 4, item_size = {10, 10}, layout = canvas.flow{max_width = 100}}
check.close(c:result().content_size.width, 64, "flow row width")

-- set_layout: a grid of 2 columns; nothing changes until resolve().
c:set_layout(canvas.grid{columns = 2, h_spacing = 0, v_spacing = 0})
check.close(c:result().content_size.width, 64, "unchanged before resolve")
c:resolve()
check.close(c:result().content_size.width, 20, "grid width")
check.close(c:result().content_size.height, 20, "grid height")
c:set_layout("flow")
c:resolve()
check.close(c:result().items[2].x, 18, "back to a flow, by name")

-- A Lua place function: a column, ids and indices as the description gets them.
local seen = {}
c:set_layout(function(items)
  local frames = {}
  for i, item in ipairs(items) do
    seen[i] = item.id .. ":" .. item.index
    frames[i] = {x = 0, y = -10 * i, width = item.width, height = item.height}
  end
  return frames
end)
c:resolve()
check.equal(table.concat(seen, ","), "1:1,2:2,3:3,4:4", "place gets ids and indices")
check.close(c:result().items[4].y, 0, "the last item goes on top after normalizing")

-- set_margins, set_content_size, set_content_anchor, set_direction.
c:set_layout(canvas.flow{max_width = 100, h_spacing = 0})
c:set_margins{top = 1, leading = 2, bottom = 3, trailing = 4}
c:resolve()
local r = c:result()
check.close(r.content_size.width, 40 + 6, "margins widen the content")
check.close(r.items[1].x, 2, "leading margin")
check.close(r.items[1].y, 1, "top margin")
c:set_margins(0)
c:set_content_size{100, 50}
c:set_content_anchor("bottom_trailing")
c:resolve()
r = c:result()
check.close(r.content_size.width, 100, "fixed width")
check.close(r.items[1].x, 60, "anchored at the trailing edge")
check.close(r.items[1].y, 40, "anchored at the bottom")
c:set_direction("rtl")
c:resolve()
r = c:result()
check.close(r.items[1].x, 30, "rtl: mirrored, the anchor's x flipped")
c:set_content_size{at_least = {10, 10}}
c:set_content_anchor{x = 0, y = 0}
c:set_direction("ltr")
c:resolve()
check.close(c:result().content_size.width, 40, "at least: the cluster is larger")
c:set_content_size("automatic")
c:resolve()
check.close(c:result().content_size.height, 10, "automatic again")

-- Bad values are refused with the description's messages, and change nothing.
check.fails(function() c:set_margins(-1) end, "margins.top: expected a non-negative number", "negative margin")
check.fails(function() c:set_direction("up") end, 'direction: expected "ltr" or "rtl"', "bad direction")
check.fails(function() c:set_layout("spiral") end, "layout: unknown layout 'spiral'", "unknown layout")
check.fails(function() c:set_content_anchor("middle") end, "content_anchor", "bad anchor")
check.fails(function() c:set_content_size(7) end, "content_size: expected", "bad content size")
check.fails(function() c:set_margins() end, "bad argument #1 to 'set_margins' (value expected)", "no argument")
c:resolve()
check.close(c:result().content_size.width, 40, "nothing changed after refusals")

-- deselect and clear_selection, with the script's own ids.
local s = canvas.new{items = {{id = "a", width = 10, height = 10}, {id = "b", width = 10, height = 10},
                              {id = "c", width = 10, height = 10}}, zoom = {}}
s:select_id("a"); s:select_id("c"); s:select_id("b")
check.equal(table.concat(s:selection(), ","), "a,b,c", "selected in data order")
s:deselect("b")
check.equal(table.concat(s:selection(), ","), "a,c", "b deselected")
s:deselect("b"); s:deselect("zzz")
check.equal(table.concat(s:selection(), ","), "a,c", "deselecting what is not selected changes nothing")
check.fails(function() s:deselect(1.5) end, "an id (an integer or a string)", "a non-id")
s:clear_selection()
check.equal(#s:selection(), 0, "cleared")
check.equal(#s:result().selection, 0, "the result agrees")

-- A pan by one point that changes nothing visible returns nil; one that
-- brings an item in returns the diff. 100 items of 80x60 in 10 columns.
local v = canvas.new{items = 100, item_size = {80, 60}, layout = canvas.grid{columns = 10},
                     viewport = {width = 300, height = 200, x = 100, y = 100, overscan = 0}}
check.equal(v:set_viewport{x = 101}, nil, "set_viewport by one point")
check.equal(v:scroll_to({x = 400, y = 400}, "top_leading") ~= nil, true, "a long scroll changes what is visible")
check.equal(v:scroll_to({x = 401, y = 400}, "top_leading"), nil, "scroll_to by one point")
local update = v:set_viewport{x = 401 + 88}
check.equal(update ~= nil and #update.appeared + #update.disappeared > 0, true, "a column's width brings items in")

return {items = 0}
