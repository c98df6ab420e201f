-- The description table, read through canvas.resolve. Expected numbers are
-- worked out by hand from the rules in the README.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

-- A count with item_size: ids 1..N, grid 2 columns, 80x60, spacing 8, margins 10.
local r = canvas.resolve{items = 5, item_size = {80, 60}, layout = canvas.grid{columns = 2}, margins = 10}
check.equal(#r.items, 5, "grid item count")
check.close(r.content_size.width, 10 + 80 + 8 + 80 + 10, "grid content width")
check.close(r.content_size.height, 10 + 3 * 60 + 2 * 8 + 10, "grid content height")
check.rect(r.items[5], 10, 10 + 2 * 68, 80, 60, "grid item 5")
check.equal(r.items[5].id, 5, "grid item 5 id")
check.rect(r.content_bounds, 10, 10, 168, 196, "grid content bounds")

-- Entries with string and integer ids keep them, in data order.
r = canvas.resolve{items = {{id = "a", width = 10, height = 20}, {id = 7, width = 30, height = 10}, {width = 5, height = 5}},
                   layout = canvas.flow{max_width = 1000, alignment = "top"}}
check.equal(r.items[1].id, "a", "string id")
check.equal(r.items[2].id, 7, "integer id")
check.equal(r.items[3].id, 3, "default id is the index")
check.rect(r.items[2], 18, 0, 30, 10, "flow second item, top aligned")
check.rect(r.items[3], 56, 0, 5, 5, "flow third item")

-- Flow alignment center: items centered in a row as tall as the tallest.
r = canvas.resolve{items = {{width = 10, height = 20}, {width = 10, height = 10}}, layout = canvas.flow{max_width = 100}}
check.close(r.items[2].y, 5, "flow center alignment")

-- A custom layout with negative coordinates is normalized; the proposal is
-- open (nil) for automatic content and content less margins otherwise.
local seen
local function line(items, proposal)
  seen = proposal
  local frames = {}
  for i, item in ipairs(items) do
    frames[i] = {x = -100 * i, y = -50, width = item.width, height = item.height}
  end
  return frames
end
r = canvas.resolve{items = 3, item_size = {20, 10}, layout = line}
check.equal(seen.width, nil, "automatic proposal width")
check.equal(seen.height, nil, "automatic proposal height")
check.rect(r.items[3], 0, 0, 20, 10, "leftmost item at the origin")
check.rect(r.items[1], 200, 0, 20, 10, "rightmost item")
check.close(r.content_size.width, 220, "custom content width")

r = canvas.resolve{items = 3, item_size = {20, 10}, layout = line, content_size = {400, 300},
                   margins = {top = 5, leading = 10, bottom = 15, trailing = 30}}
check.close(seen.width, 360, "fixed proposal width")
check.close(seen.height, 280, "fixed proposal height")
check.close(r.content_size.width, 400, "fixed content width")
-- Anchored at the center of the space inside the margins.
check.close(r.content_bounds.x, 10 + (360 - 220) / 2, "centered cluster x")
check.close(r.content_bounds.y, 5 + (280 - 10) / 2, "centered cluster y")

-- Right-to-left: mirrored, the trailing margin on the left, the anchor flipped.
r = canvas.resolve{items = 3, item_size = {20, 10}, layout = line, content_size = {400, 300},
                   margins = {top = 5, leading = 10, bottom = 15, trailing = 30},
                   content_anchor = "top_leading", direction = "rtl"}
check.close(r.content_bounds.x, 30 + (360 - 220) * 1, "rtl top-leading sits at the right")
check.rect(r.items[1], 30 + 140 + 0, 5, 20, 10, "rtl first item now leftmost")
check.rect(r.items[3], 30 + 140 + 200, 5, 20, 10, "rtl last item now rightmost")

-- At least: grows past the minimum when the cluster needs it.
r = canvas.resolve{items = 3, item_size = {20, 10}, layout = line, content_size = {at_least = {100, 100}}}
check.close(r.content_size.width, 220, "at-least grows")
check.close(r.content_size.height, 100, "at-least keeps the minimum")

-- Anchors by name and by point.
r = canvas.resolve{items = 1, item_size = {10, 10}, content_size = {110, 110}, content_anchor = "bottom_trailing"}
check.rect(r.items[1], 100, 100, 10, 10, "bottom_trailing")
r = canvas.resolve{items = 1, item_size = {10, 10}, content_size = {110, 110}, content_anchor = {x = 0.25, y = 1}}
check.rect(r.items[1], 25, 100, 10, 10, "anchor point")

-- Empty input: no frames, the content size follows its mode.
r = canvas.resolve{items = 0, content_size = {640, 480}}
check.equal(#r.items, 0, "empty frames")
check.close(r.content_size.width, 640, "empty fixed width")
r = canvas.resolve{}
check.equal(#r.items, 0, "no items at all")

-- Errors name the key and the item.
check.fails(function() canvas.resolve{items = {{width = 1}}} end, "items[1]: item has no size", "missing size")
check.fails(function() canvas.resolve{items = {{width = 0/0, height = 1}}} end, "items[1].width: expected a finite number", "nan size")
check.fails(function() canvas.resolve{items = {{width = -1, height = 1}}} end, "items[1]: negative size", "negative size")
check.fails(function() canvas.resolve{items = {{id = "x", width = 1, height = 1}, {id = "x", width = 1, height = 1}}} end,
            "items[2].id: duplicate id x", "duplicate ids")
check.fails(function() canvas.resolve{items = 2, item_size = {1, 1}, layout = "flw"} end, "unknown layout 'flw'", "layout name")
check.fails(function() canvas.grid{columns = -1} end, "columns: expected a non-negative integer", "negative columns")
check.fails(function() canvas.resolve{items = 2, item_size = {1, 1}, layout = function() return {} end} end,
            "place: returned 0 frames for 2 items", "frame count")
check.fails(function() canvas.resolve{items = 1, item_size = {1, 1}, layout = function() return {{x = 0, y = 0, width = 1}} end} end,
            "place: frame 1: missing field 'height'", "frame field")
check.fails(function() canvas.resolve{items = 1, item_size = {1, 1}, layout = function() return {{x = 0/0, y = 0, width = 1, height = 1}} end} end,
            "place: frame 1.x: expected a finite number, got nan", "frame nan")
-- The frames are read four fields at a time (lplace.c): a bad frame after
-- good ones, and a bad field after good fields, are still named exactly.
local function frames_with(i, bad)
  return function(items)
    local frames = {}
    for k = 1, #items do frames[k] = {x = k, y = 0, width = 1, height = 1} end
    frames[i] = bad
    return frames
  end
end
check.fails(function() canvas.resolve{items = 3, item_size = {1, 1}, layout = frames_with(2, 5)} end,
            "place: frame 2: expected a table {x=, y=, width=, height=}, got number 5", "frame not a table")
check.fails(function() canvas.resolve{items = 3, item_size = {1, 1}, layout = frames_with(3, {x = 0, y = 0, width = 1})} end,
            "place: frame 3: missing field 'height'", "last field missing, last frame")
check.fails(function() canvas.resolve{items = 3, item_size = {1, 1}, layout = frames_with(2, {x = 0, y = 0, width = 1, height = "2"})} end,
            "place: frame 2.height: expected a number, got string", "last field not a number")
check.fails(function() canvas.resolve{items = 3, item_size = {1, 1}, layout = frames_with(3, {x = 0, y = 1/0, width = 1, height = 1})} end,
            "place: frame 3.y: expected a finite number, got inf", "frame inf")
check.fails(function() canvas.resolve{items = 2, item_size = {1, 1}, layout = frames_with(2, {x = 0, y = 0, width = 1, height = -1})} end,
            "place: frame 2: negative size", "frame negative size")
-- Frames are read as Lua reads tables: through __index, and an array with __index and __len.
local defaults = {__index = {width = 4, height = 5}}
r = canvas.resolve{items = 3, item_size = {1, 1}, layout = function(items)
  local frames = {}
  for k = 1, #items do frames[k] = setmetatable({x = 10 * k, y = 0}, defaults) end
  return frames
end}
check.rect(r.items[3], 20, 0, 4, 5, "frame fields through __index")
r = canvas.resolve{items = 2, item_size = {1, 1}, layout = function()
  return setmetatable({}, {__len = function() return 2 end,
                           __index = function(_, k) return {x = 6 * k, y = 0, width = 6, height = 6} end})
end}
check.rect(r.items[2], 6, 0, 6, 6, "frames array through __index and __len")

check.fails(function() canvas.resolve{items = 1, item_size = {1, 1}, colour = "red"} end, "unknown key 'colour'", "typo key")
check.fails(function() canvas.resolve{items = 1, item_size = {1, 1}, layout = function() error("boom") end} end,
            "boom", "error in place")
check.fails(function() canvas.resolve{items = 1, item_size = {1, 1}, direction = "up"} end, "direction: expected", "direction")

return {items = 0}
