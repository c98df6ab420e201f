-- Motion through the description and the canvas object: drags, flings,
-- the rubber band, wheel and ctrl-wheel zoom, the crown, keys, animated
-- scrolls, zoom to fit, indicators and traces, each against the formula.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

-- 100 tiles of 100x100 in 10 columns without spacing: content 1000x1000; a
-- 200x100 viewport opens at the top-left.
local function tiles(extra)
  local description = {
    items = 100, item_size = {100, 100}, layout = canvas.grid{columns = 10, h_spacing = 0, v_spacing = 0},
    viewport = {width = 200, height = 100, overscan = 0}, initial_anchor = "top_leading",
  }
  for key, value in pairs(extra or {}) do description[key] = value end
  return description
end

local d = 0.998

-- ---- a fling follows x0 + v (d^t - 1) / ln d ------------------------------

local c = canvas.new(tiles())
c:set_viewport{width = 200, height = 100, x = 300, y = 300}
c:fling(0.5, 0, 1000)
local m = c:motion()
check.equal(m.phase, "decelerating", "phase after a fling")
check.close(m.projected_end.x, 300 - 0.5 / math.log(d), "projected end")
local t = 1000
repeat
  t = t + 16
  local tick = c:tick(t)
  check.close(c:result().viewport.x, 300 + 0.5 * (d ^ (t - 1000) - 1) / math.log(d), "x at " .. t)
until not tick.active
check.equal(c:motion().moving, false, "at rest")

-- ---- a drag keeps the touched point under the pointer, then flings --------

c = canvas.new(tiles())
c:set_viewport{width = 200, height = 100, x = 300, y = 300}
c:pointer_down(150, 50, 0)
for step = 1, 10 do c:pointer_move(150 - 8 * step, 50, 16 * step) end
check.close(c:result().viewport.x, 380, "dragged 80 points")
c:pointer_up(70, 50, 160)
check.close(c:motion().velocity.x, 0.5, "velocity of a steady drag")

-- ---- visible_items and frame -----------------------------------------------

c = canvas.new(tiles())
c:set_viewport{width = 200, height = 100, x = 150, y = 0}
local items = c:visible_items()
check.equal(#items, 3, "three visible items")
check.equal(items[1].id, 2, "first visible")
check.rect(items[3], 300, 0, 100, 100, "third visible frame")
check.rect(c:frame(4), 300, 0, 100, 100, "frame(4)")
check.rect(c:viewport(), 150, 0, 200, 100, "viewport()")
check.fails(function() c:frame(999) end, "no item has id 999", "frame of an unknown id")

-- The script's own string ids come back, with exactly the five fields.
c = canvas.new(tiles{items = {{id = "a", width = 100, height = 100}, {id = "b", width = 100, height = 100},
                              {id = "c", width = 100, height = 100}}, item_size = nil})
c:set_viewport{width = 200, height = 100, x = 50, y = 0}
items = c:visible_items()
check.equal(#items, 3, "three visible named items")
for i, name in ipairs{"a", "b", "c"} do
  local item, frame = items[i], c:frame(name)
  check.equal(item.id, name, "named item " .. i)
  check.rect(item, frame.x, frame.y, frame.width, frame.height, "frame of " .. name)
  local fields = 0
  for _ in pairs(item) do fields = fields + 1 end
  check.equal(fields, 5, "fields of " .. name)
end

-- ---- a replay: rubber band, spring back, trace -----------------------------

local r = canvas.resolve(tiles{trace = true, gestures = {
  {"down", x = 100, y = 50, t = 0}, {"move", x = 100, y = 110, t = 16}, {"up", x = 100, y = 110, t = 100},
  {"run", to = 1000, every = 16},
}})
check.equal(r.trace[1].t, 116, "the first frame follows the last event")
check.equal(r.trace[#r.trace].t, 1000, "the run ends at to")
check.equal(r.trace[1].phase, "bouncing", "springing back")
for i, entry in ipairs(r.trace) do
  if entry.y > 0 then error("crossed the edge at trace[" .. i .. "]") end
end
check.equal(r.motion.phase, "idle", "settled")
check.equal(r.viewport.y, 0, "back at the edge")

-- ---- wheel, shift-wheel, ctrl-wheel ----------------------------------------

c = canvas.new(tiles{zoom = {axis = "both", min = 0.1, max = 10}})
c:wheel{dy = 2, mode = "line", t = 0}
check.equal(c:result().viewport.y, 80, "two lines")
c:wheel{dy = 30, shift = true, t = 1}
check.equal(c:result().viewport.x, 30, "shift turns dy into dx")
c:wheel{dy = -10, x = 50, y = 40, ctrl = true, t = 2}
local k = 2 ^ (10 * 0.002 * 10)  -- d3's defaultWheelDelta: ×10 with ctrl
check.close(c:zoom(), k, "ctrl-wheel zoom")
check.close(c:result().viewport.x, (30 + 50) * k - 50, "content under the pointer stays (x)")
check.close(c:result().viewport.y, (80 + 40) * k - 40, "content under the pointer stays (y)")

-- ---- keys and animated scrolls --------------------------------------------

c = canvas.new(tiles())
c:key("down", 0)
c:key("down", 10)
while c:tick(t).active do t = t + 16 end
check.equal(c:result().viewport.y, 80, "two lines, animated")
c:scroll_to(56, "top_leading", {animated = true, duration = 200, t = t + 100})
check.equal(c:motion().phase, "animating", "scroll_to animates")
c:tick(t + 300)
check.rect(c:result().viewport, 500, 500, 200, 100, "ends exactly on the target")
check.fails(function() c:key("tab", t + 400) end, "invalid option 'tab'", "unknown key")

-- ---- scroll disabled and bounce never --------------------------------------

c = canvas.new(tiles{motion = {scroll_enabled = false}})
c:pointer_down(100, 50, 0); c:pointer_move(20, 10, 16); c:pointer_up(20, 10, 32)
c:crown(40, 40); c:key("end", 41); c:fling(1, 1, 42)
c:tick(500)
check.rect(c:result().viewport, 0, 0, 200, 100, "nothing moved")
c:set_motion{scroll_enabled = true, bounce = "never"}
c:pointer_down(100, 50, 600); c:pointer_move(100, 110, 616)
check.equal(c:result().viewport.y, 0, "no rubber band with bounce never")

-- ---- zoom to fit, and the smooth path --------------------------------------

c = canvas.new(tiles{items = 10000, layout = canvas.grid{columns = 100, h_spacing = 0, v_spacing = 0},
                     zoom = {axis = "both", min = 0.001, max = 10}})
c:zoom_to_fit{padding = 10}
check.close(c:zoom(), 80 / 10000, "fit every item")
c:set_zoom(1)
c:set_viewport{width = 200, height = 100, x = 0, y = 0}
c:zoom_to_fit{region = {x = 9000, y = 9000, width = 200, height = 100}, animated = true, t = 0}
local lowest = 1
t = 0
while c:tick(t).active do lowest = math.min(lowest, c:zoom()); t = t + 16 end
check.equal(lowest < 0.5, true, "zooms out on the way")
check.rect(c:result().viewport, 9000, 9000, 200, 100, "ends on the region")

-- ---- indicators --------------------------------------------------------------

c = canvas.new(tiles{motion = {indicators = "visible"}})
c:set_viewport{width = 200, height = 100, x = 400, y = 0}
local h = c:indicators().horizontal
check.close(h.thumb.width, math.max(36, h.track.width * 200 / 1000), "thumb length")
check.close(h.thumb.x - h.track.x, (h.track.width - h.thumb.width) * 400 / 800, "thumb position")
check.equal(h.opacity, 1, "visible")
local one_row = canvas.new(tiles{items = 10})
check.equal(one_row:indicators().vertical, nil, "no vertical indicator when it cannot scroll")

-- ---- bad input names the event ----------------------------------------------

check.fails(function() canvas.resolve(tiles{gestures = {{"down", x = 1, y = 1, t = 5}, {"up", x = 1, y = 1, t = 4}}}) end,
            "gestures[2].t", "time going back")
check.fails(function() canvas.resolve(tiles{gestures = {{"fling", vx = 0/0, t = 0}}}) end,
            "gestures[1].vx", "NaN velocity")
check.fails(function() canvas.resolve(tiles{motion = {pan_axis = "diagonal"}}) end,
            "motion.pan_axis", "unknown pan axis")
c = canvas.new(tiles())
c:pointer_down(1, 1, 100)
check.fails(function() c:pointer_move(2, 2, 50) end, "must not go back", "a method's time going back")

-- ---- keys that edit: a free canvas with the select tool ---------------------

r = canvas.resolve{layout = "free", tool = "select", viewport = {width = 400, height = 300, x = 0, y = 0},
  items = {{id = "a", x = 0, y = 0, width = 50, height = 50}, {id = "b", x = 100, y = 0, width = 50, height = 50}},
  gestures = {
    {"down", x = 120, y = 20, t = 0}, {"up", x = 120, y = 20, t = 10},      -- selects b
    {"key", key = "right", t = 20}, {"key", key = "down", shift = true, t = 30},
    {"key", key = "delete", t = 40}, {"undo"}, {"undo"}, {"redo"},
  }}
local b
for _, item in ipairs(r.items) do if item.id == "b" then b = item end end
check.equal(b ~= nil, true, "b is back after undoing the delete")
check.equal(b.x, 101, "nudged right by 1 (the second undo took the shift nudge back, redo put it again)")
check.equal(b.y, 10, "nudged down by 10 with shift, redone")

return {items = 0}
