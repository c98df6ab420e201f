-- Zoom, pinches, the two-finger tap, selection and the zoom callbacks,
-- through the description and the canvas object. Expected numbers are
-- worked out by hand from the rules in canvas.h.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function ids(list) return table.concat(list, ",") end

-- Four 100x100 items in 2 columns without spacing: content 200x200; item 1
-- top-left, 2 top-right, 3 bottom-left, 4 bottom-right. A 100x100 viewport
-- opens at the origin.
local log
local function square(extra)
  log = {}
  local description = {
    items = 4, item_size = {100, 100}, layout = canvas.grid{columns = 2, h_spacing = 0, v_spacing = 0},
    viewport = {width = 100, height = 100}, initial_anchor = "top_leading",
    on_zoom = function(scale) log[#log + 1] = "zoom " .. scale end,
    on_zoom_begin = function(scale) log[#log + 1] = "begin " .. scale end,
    on_zoom_end = function(scale) log[#log + 1] = "end " .. scale end,
  }
  for key, value in pairs(extra or {}) do description[key] = value end
  return description
end

-- ---- set_zoom: clamped to the limits, the viewport's middle kept still -----

local c = canvas.new(square{zoom = {axis = "both", min = 0.5, max = 3}})
check.equal(c:zoom(), 1, "starts at 1")
local r = c:result()
check.equal(r.zoom.scale, 1, "result zoom scale")
check.equal(r.zoom.axis, "both", "result zoom axis")
check.equal(#r.selection, 0, "result selection")
c:set_zoom(10)
check.equal(c:zoom(), 3, "clamped to max")
c:set_zoom(3)
c:set_zoom(0.1)
check.equal(c:zoom(), 0.5, "clamped to min")
check.equal(ids(log), "zoom 3.0,zoom 0.5", "on_zoom hears each change, not the unchanged one")
-- set_zoom_settings: narrowing the limits brings the zoom inside them (reported);
-- a new axis re-applies the scale to its axes.
c:set_zoom(3)
log = {}
c:set_zoom_settings{axis = "vertical", min = 0.5, max = 2}
check.equal(c:zoom(), 2, "narrowed limits clamp the zoom")
check.equal(ids(log), "zoom 2.0", "the clamp is reported")
r = c:result()
check.equal(r.zoom.axis, "vertical", "the new axis")
check.equal(r.content_size.width, 200, "vertical zoom leaves widths alone")
check.equal(r.content_size.height, 400, "and doubles heights")
c:set_zoom_settings{axis = "both", min = 0.5, max = 3, scale = 1}
check.equal(c:zoom(), 1, "a scale in the settings is set after them")
check.fails(function() c:set_zoom_settings{min = 3, max = 2} end, "zoom: min", "min above max")
check.fails(function() c:set_zoom_settings{axis = "diagonal"} end, "zoom.axis", "unknown axis")
log = {}
c:set_zoom(1)
c:set_viewport{x = 0, y = 0}
c:set_zoom(2)
-- The middle (50, 50) stays: offset = (0 + 50) * 2 - 50 = 50 on both axes.
r = c:result()
check.rect(r.viewport, 50, 50, 100, 100, "zoomed about the middle")
check.close(r.content_size.width, 400, "zoomed content width")
check.close(r.content_size.height, 400, "zoomed content height")
check.rect(r.items[4], 200, 200, 200, 200, "zoomed frame")
check.equal(c:hit_test(250, 250), 4, "hit tests are zoomed")
check.fails(function() c:set_zoom(0) end, "bad argument #1 to 'set_zoom' (expected a positive scale)", "zero zoom")
check.fails(function() c:set_zoom(1 / 0) end, "bad argument #1 to 'set_zoom' (expected a finite number)", "infinite zoom")

-- The default axis is horizontal: widths and x only.
c = canvas.new(square{zoom = {}})
c:set_zoom(2)
r = c:result()
check.equal(r.zoom.axis, "horizontal", "default axis")
check.close(r.content_size.width, 400, "horizontal zoom widens")
check.close(r.content_size.height, 200, "horizontal zoom keeps heights")
check.rect(r.items[2], 200, 0, 200, 100, "horizontally zoomed frame")

-- The vertical axis: heights and y only.
c = canvas.new(square{zoom = {axis = "vertical", scale = 2}})
r = c:result()
check.equal(r.zoom.axis, "vertical", "vertical axis")
check.rect(r.items[4], 100, 200, 100, 200, "vertically zoomed frame")
check.close(r.content_size.width, 200, "vertical zoom keeps widths")

-- ---- pinches ------------------------------------------------------------------

-- From zoom 1, a pinch spreading to twice its span at (100, 100) zooms to 2
-- and keeps that point still: offset = (0 + 100) * 2 - 100 = 100.
c = canvas.new(square{zoom = {axis = "both"}})
c:pinch("began")
c:pinch("changed", 2, 2, 100, 100)
c:pinch("ended")
check.equal(c:zoom(), 2, "pinched to 2")
check.rect(c:result().viewport, 100, 100, 100, 100, "anchored under the fingers")
check.equal(ids(log), "begin 1.0,zoom 2.0,end 2.0", "begin, change, end")

-- Without a location, the pinch is centered on the viewport: (0 + 50) * 2 - 50.
c = canvas.new(square{zoom = {axis = "both"}})
c:pinch("began", 1)
c:pinch("changed", 2)
check.rect(c:result().viewport, 50, 50, 100, 100, "centered pinch")
c:set_zoom(1.5)
c:pinch("ended")
c:pinch("began")
check.equal(log[#log], "begin 1.5", "on_zoom_begin hears the current zoom")
c:pinch("cancelled")
check.equal(log[#log], "end 1.5", "a cancelled pinch ends")

-- Speed is an exponent: a pinch of 4 at speed 0.5 zooms by 2.
c = canvas.new(square{zoom = {speed = 0.5}})
c:pinch("began")
c:pinch("changed", 4)
check.close(c:zoom(), 2, "speed 0.5")

-- Stops: the nearest one inside the limits.
c = canvas.new(square{zoom = {stops = {1, 1.5, 2}}})
c:pinch("began")
c:pinch("changed", 1.6)
check.equal(c:zoom(), 1.5, "snapped to 1.5")
c:pinch("changed", 1.8)
check.equal(c:zoom(), 2, "snapped to 2")
c:pinch("changed", 1.8, 1)
check.equal(c:zoom(), 2, "one touch is ignored")

-- On a tie the stop listed first wins; stops outside the limits do not count.
c = canvas.new(square{zoom = {stops = {1, 2}}})
c:pinch("began")
c:pinch("changed", 1.5)
check.equal(c:zoom(), 1, "tie: the first stop")
c = canvas.new(square{zoom = {stops = {2, 1}}})
c:pinch("began")
c:pinch("changed", 1.5)
check.equal(c:zoom(), 2, "tie: the first listed")
c = canvas.new(square{zoom = {stops = {1, 4}, max = 3}})
c:pinch("began")
c:pinch("changed", 3.5)
check.equal(c:zoom(), 1, "a stop above the limit does not count")

-- Pinches can be turned off.
c = canvas.new(square{zoom = {pinch_enabled = false}})
c:pinch("began")
c:pinch("changed", 2)
check.equal(c:zoom(), 1, "pinch disabled")
check.equal(#log, 0, "no callbacks for ignored pinches")

-- The two-finger tap goes back to 1; at 1 it does nothing.
c = canvas.new(square{zoom = {axis = "both"}})
c:set_zoom(2)
c:tap()
check.equal(c:zoom(), 1, "tap resets")
c:tap()
check.equal(ids(log), "zoom 2.0,zoom 1.0", "tap at 1 says nothing")

-- Finger positions: the engine recognizes the pinch itself. Two fingers 100
-- apart, then 200 apart around the same middle (50, 50): scale 2.
c = canvas.new(square{zoom = {axis = "both"}})
c:touches{{x = 0, y = 50}, {x = 100, y = 50}}
c:touches{{x = -50, y = 50}, {x = 150, y = 50}}
check.equal(c:zoom(), 2, "touches pinch")
check.rect(c:result().viewport, 50, 50, 100, 100, "touches anchor at the fingers' middle")
c:touches{}
check.equal(ids(log), "begin 1.0,zoom 2.0,end 2.0", "touches begin, change and end")
-- A third finger landing on two still ones, and lifting again, zooms nothing (issue 12).
c:touches{{x = 0, y = 50}, {x = 100, y = 50}}
c:touches{{x = 0, y = 50}, {x = 100, y = 50}, {x = 50, y = 90}}
c:touches{{x = 0, y = 50}, {x = 100, y = 50}}
check.equal(c:zoom(), 2, "a stray finger does not zoom")
c:touches{}
check.equal(ids(log), "begin 1.0,zoom 2.0,end 2.0,begin 2.0,end 2.0", "a stray finger: only begin and end")
check.fails(function() c:touches{{x = 1}} end, "touches[1]: missing field 'y'", "a finger without y")
check.fails(function() c:pinch("squeeze") end, "bad argument #1 to 'pinch' (invalid option 'squeeze')", "pinch phase")

-- New items reset the zoom to 1, and say so.
c:set_zoom(2)
c:set_items(3)
check.equal(c:zoom(), 1, "set_items resets the zoom")
check.equal(log[#log], "zoom 1.0", "and tells on_zoom")

-- ---- selection ------------------------------------------------------------------

c = canvas.new(square{zoom = {}})
check.equal(c:select(10, 10), 1, "select item 1")
check.equal(c:select(150, 10), 2, "select item 2")
check.equal(c:select(500, 500), nil, "nothing there")
check.equal(ids(c:selection()), "1,2", "selection")
c:pinch("began")
check.equal(c:select(10, 110), nil, "refused during a pinch")
check.equal(ids(c:selection()), "1,2", "a refused select leaves no trace")
c:select_id(4)
check.equal(ids(c:selection()), "1,2,4", "select_id works during a pinch")
c:pinch("ended")
check.equal(c:select(10, 110), 3, "selects again after the pinch")
check.equal(ids(c:result().selection), "1,2,3,4", "result selection in data order")
check.fails(function() c:select_id(99) end, "no item has id 99", "select_id unknown")
check.fails(function() c:select_id("zz") end, "no item has id zz", "select_id unknown string")

c = canvas.new(square{zoom = {allows_selection_during_zoom = true}})
c:pinch("began")
check.equal(c:select(10, 10), 1, "allowed during a pinch")

-- Selection goes through the viewport offset and the zoom: zoom 2 about the
-- middle puts the viewport at (50, 50), so viewport (100, 100) is content
-- (150, 150), inside zoomed item 1 (0..200).
c = canvas.new(square{zoom = {axis = "both"}})
c:set_zoom(2)
check.equal(c:select(100, 100), 1, "select through zoom and offset")
check.equal(c:select(160, 160), 4, "select item 4 at content (210, 210)")

-- ---- a failing zoom callback: an error with a traceback, nothing changed -------

c = canvas.new(square{zoom = {axis = "both"}, on_zoom = function(scale) if scale == 2 then error("boom at " .. scale) end end})
local ok, message = pcall(c.set_zoom, c, 2)
assert(not ok and message:find("boom at 2.0", 1, true), "on_zoom's error: " .. tostring(message))
assert(message:find("stack traceback:", 1, true), "with a traceback: " .. message)
check.equal(c:zoom(), 1, "the zoom rolled back")
check.rect(c:result().viewport, 0, 0, 100, 100, "the viewport rolled back")
c:pinch("began")
check.fails(function() c:pinch("changed", 2, 2, 0, 0) end, "boom at 2.0", "a pinch whose callback fails")
check.equal(c:zoom(), 1, "the pinch rolled back")
c:set_zoom(3)
check.equal(c:zoom(), 3, "later calls work")
check.fails(function() canvas.new(square{zoom = {scale = 2}, on_zoom = function() error("no") end}) end,
            "no", "a description whose zoom callback fails")

-- A zoom callback may not call back into its engine.
local inner
c = canvas.new(square{zoom = {}, on_zoom = function() inner = select(2, pcall(c.zoom, c)); inner = select(2, pcall(c.set_zoom, c, 4)) end})
c:set_zoom(2)
assert(tostring(inner):find("busy", 1, true), "re-entry refused: " .. tostring(inner))
check.equal(c:zoom(), 2, "the outer call went through")

-- ---- the description: scale, gestures ------------------------------------------

-- The zoom applies before the viewport opens: the centered anchor sees the
-- zoomed content, offset = (400 - 100) / 2.
r = canvas.resolve(square{zoom = {scale = 2, axis = "both"}, initial_anchor = "center"})
check.equal(r.zoom.scale, 2, "description scale")
check.rect(r.viewport, 150, 150, 100, 100, "the viewport opens on the zoomed content")
check.equal(ids(log), "zoom 2.0", "on_zoom from the description")
r = canvas.resolve(square{zoom = {scale = 10, max = 4}})
check.equal(r.zoom.scale, 4, "description scale clamped")

-- Gestures are replayed in order after resolving.
r = canvas.resolve(square{zoom = {axis = "both"}, gestures = {
  {"began", x = 0, y = 0},
  {"changed", scale = 2, x = 0, y = 0},
  {"select", x = 10, y = 10},          -- refused: the pinch is in flight
  {"ended"},
  {"select", x = 150, y = 10},         -- content (150, 10): zoomed item 1
}})
check.equal(r.zoom.scale, 2, "gestures zoomed")
check.rect(r.viewport, 0, 0, 100, 100, "anchored at the top-left")
check.equal(ids(r.selection), "1", "gesture selection")
check.equal(ids(log), "begin 1.0,zoom 2.0,end 2.0", "gesture callbacks in order")
r = canvas.resolve(square{gestures = {{"began", scale = 1}, {"changed", scale = 3, touches = 2}, {"cancelled"}, {"tap"}}})
check.equal(r.zoom.scale, 1, "tapped back to 1")
check.equal(r.zoom.axis, "horizontal", "gestures alone bring zoom into the result")
check.equal(ids(log), "begin 1.0,zoom 3.0,end 3.0,zoom 1.0", "tap callbacks")
-- {"failed"} is a gesture too (docs/lua.md lists it): it ends the pinch.
r = canvas.resolve(square{gestures = {{"began", scale = 1}, {"changed", scale = 2}, {"failed"}}})
check.equal(r.zoom.scale, 2, "a failed pinch keeps the zoom it reached")
check.equal(ids(log), "begin 1.0,zoom 2.0,end 2.0", "failed reports an end")

-- ---- description errors ------------------------------------------------------------

local function fails(extra, fragment, what)
  check.fails(function() canvas.resolve(square(extra)) end, fragment, what)
end
fails({zoom = {min = 3, max = 2}}, "zoom: min 3.0 is above max 2.0", "min above max")
fails({zoom = {axis = "diagonal"}}, "zoom.axis: expected \"horizontal\", \"vertical\" or \"both\"", "axis")
fails({zoom = {stops = {1, -2}}}, "zoom.stops[2]: expected a positive number", "negative stop")
fails({zoom = {stops = 2}}, "zoom.stops: expected an array of scales", "stops type")
fails({zoom = {pinch_enabled = "yes"}}, "zoom.pinch_enabled: expected a boolean, got string", "boolean")
fails({zoom = {scale = 0}}, "zoom.scale: expected a positive number", "zero scale")
fails({zoom = {speed = 0 / 0}}, "zoom.speed: expected a finite number, got nan", "nan speed")
fails({zoom = {scal = 2}}, "zoom: unknown key 'scal'", "zoom typo")
fails({zoom = 2}, "zoom: expected {scale=", "zoom type")
fails({on_zoom = 5}, "on_zoom: expected a function(scale), got number", "on_zoom type")
fails({on_zoom_end = "x"}, "on_zoom_end: expected a function(scale), got string", "on_zoom_end type")
fails({gestures = {{"swipe"}}}, "gestures[1]: unknown gesture 'swipe'", "unknown gesture")
fails({gestures = {{"began"}, {"changed"}}}, "gestures[2]: a changed gesture needs scale", "changed without scale")
fails({gestures = {{"select", x = 1}}}, "gestures[1]: missing field 'y'", "select without y")
fails({gestures = {{"tap", x = 1}}}, "gestures[1]: unknown key 'x' for a tap gesture", "tap with a position")
fails({gestures = {{"began", touches = 1.5}}}, "gestures[1].touches: expected a whole number", "fractional touches")
fails({gestures = {{"changed", scale = -1}}}, "gestures[1].scale: expected a positive number", "negative pinch scale")
fails({gestures = {5}}, "gestures[1]: expected a table such as", "gesture type")
fails({gestures = 5}, "gestures: expected an array of gestures", "gestures type")
fails({gestures = {{}}}, "gestures[1]: unknown gesture 'nil'", "gesture without a name")

-- ---- whole points (issue 12) -----------------------------------------------------

-- Edges are rounded, not position and length apart: at 1.337 two touching
-- 100-point columns fill the 267-point content without overlapping, and the
-- first is still 134 x 67.
r = canvas.resolve{items = 2, item_size = {100, 50}, layout = canvas.grid{columns = 2, h_spacing = 0},
                   zoom = {scale = 1.337, axis = "both"}}
check.equal(r.content_size.width, 267, "zoomed content width")
check.rect(r.items[1], 0, 0, 134, 67, "the whole-point rule")
check.rect(r.items[2], 134, 0, 133, 67, "the second column ends at the content's edge")

return {items = 0}
