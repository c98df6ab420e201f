-- Every method that reaches the engine runs Lua callbacks (place, measure,
-- on_zoom) on its own Lua state and stack slot. They used to run on the
-- previous wrapped call's: after a resolve on a coroutine since collected,
-- c:key("delete") ran place on a dead thread (a double free; an over-read
-- without the coroutine). Run under MALLOC_PERTURB_ too.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local placed = 0
local function place(items)
  placed = placed + 1
  local frames = {}
  for i, item in ipairs(items) do frames[i] = {x = 12 * (i - 1), y = 0, width = item.width, height = item.height} end
  return frames
end

local function fresh()
  local items = {}
  for i = 1, 20 do items[i] = {id = i, width = 10, height = 10} end
  local c = canvas.new{items = items, layout = place, viewport = {width = 100, height = 50},
                       zoom = {min = 0.5, max = 4}, on_zoom = function() end}
  -- The last wrapped call runs on a coroutine that is then collected.
  local co = coroutine.create(function() c:resolve() end)
  assert(coroutine.resume(co))
  co = nil
  collectgarbage(); collectgarbage()
  return c
end

-- The reported case: delete by key on a Lua-placed canvas.
local c = fresh()
c:select_id(1)
placed = 0
c:key("delete", 0)
check.equal(placed >= 1, true, "key delete laid the items out again through place")
check.equal(#c:result().items, 19, "key delete removed the selected item")
c:undo()
check.equal(#c:result().items, 20, "undo brought it back")
c:redo()
check.equal(#c:result().items, 19, "redo removed it again")

-- Every method, each on a canvas whose last call ran on a dead coroutine:
-- any may fail for its own reasons, none may run a callback unbound.
local calls = {
  function(c) c:resolve() end,
  function(c) c:step() end,
  function(c) c:invalidate() end,
  function(c) c:set_items{{id = 1, width = 5, height = 5}, {id = 2, width = 5, height = 5}} end,
  function(c) c:set_viewport{width = 80, height = 40} end,
  function(c) c:set_moving(true) end,
  function(c) c:scroll_to(3) end,
  function(c) c:scroll_to(3, {animated = true, t = 0}) end,
  function(c) c:page("down") end,
  function(c) c:select(10, 5) end,
  function(c) c:select_id(2) end,
  function(c) c:deselect(2) end,
  function(c) c:clear_selection() end,
  function(c) c:set_zoom(2) end,
  function(c) c:pinch("began", 1) end,
  function(c) c:touches(2) end,
  function(c) c:tap() end,
  function(c) c:pointer_down(10, 10, 0); c:pointer_move(30, 10, 10); c:pointer_up(50, 10, 20) end,
  function(c) c:pointer_down(10, 10, 0); c:pointer_cancel(0) end,
  function(c) c:fling(100, 0, 0) end,
  function(c) c:wheel{dy = 10, t = 0} end,
  function(c) c:crown(5, 0) end,
  function(c) c:key("down", 0) end,
  function(c) c:select_all(); c:key("delete", 0) end,
  function(c) c:tick(100) end,
  function(c) c:zoom_to_fit{animated = false} end,
  function(c) c:set_motion{bounce = false} end,
  function(c) c:set_layout(place) end,
  function(c) c:set_layout("flow") end,
  function(c) c:set_margins(4) end,
  function(c) c:set_content_size("fit") end,
  function(c) c:set_content_anchor("center") end,
  function(c) c:set_direction("rtl") end,
  function(c) c:insert({{id = 99, width = 5, height = 5}}) end,
  function(c) c:remove{1} end,
  function(c) c:batch(function(c) c:remove{1} end) end,
  function(c) c:batch(function(c) c:remove{1}; error("rolled back") end) end,
  function(c) c:bring_to_front{1} end,
  function(c) c:send_to_back{2} end,
  function(c) c:remove{1}; c:undo(); c:redo() end,
  function(c) c:select_all(); c:nudge("right") end,
  function(c) c:select_rect{x = 0, y = 0, width = 50, height = 50} end,
  function(c) c:select_all() end,
  function(c) c:set_tool("select") end,
  function(c) c:set_snap{grid = 4} end,
  function(c) c:focus(2) end,
  function(c) c:focus_next("right") end,
  function(c) c:visible_lod{} end,
  function(c) c:set_lod{} end,
  function(c) c:set_zoom_settings{min = 0.25, max = 8} end,
}
for i, call in ipairs(calls) do
  local ok, message = pcall(call, fresh())
  if not ok and tostring(message):find("outside a binding call", 1, true) then
    error(string.format("call %d ran a callback outside the binding's call: %s", i, message))
  end
end

-- The same on a measured canvas: measuring runs Lua on the method's state.
local measured = 0
local entries = {}
for i = 1, 30 do entries[i] = {id = i} end
local m = canvas.new{items = entries, layout = "flow", viewport = {width = 100, height = 50},
                     estimated_item_size = {10, 10},
                     measure = function(item) measured = measured + 1; return 10, 10 end}
local co = coroutine.create(function() m:step() end)
assert(coroutine.resume(co))
co = nil
collectgarbage(); collectgarbage()
for _, call in ipairs{function() m:invalidate() end, function() m:set_viewport{width = 60, height = 40} end,
                      function() m:resolve() end, function() m:scroll_to(30) end} do
  local ok, message = pcall(call)
  assert(ok or not tostring(message):find("outside a binding call", 1, true), message)
end
check.equal(measured > 0, true, "measure ran")

-- A full layout check for the result (resolve runs place once more).
return {items = 0}
