-- The viewport, culling, scrolling, paging, queries and the backdrop,
-- through the description and the canvas object. Expected numbers are
-- worked out by hand from the rules in canvas.h.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

-- 100 items of 80x60 in 10 columns, spacing 8: item i sits in column
-- (i-1) % 10 at x = 88c and row (i-1) // 10 at y = 68r. Content:
-- 10*80 + 9*8 = 872 wide, 10*60 + 9*8 = 672 high.
local function grid(extra)
  local description = {items = 100, item_size = {80, 60}, layout = canvas.grid{columns = 10}}
  for key, value in pairs(extra or {}) do description[key] = value end
  return description
end

local function ids(list) return table.concat(list, ",") end

-- ---- the description's viewport and initial anchor -----------------------

-- Default anchor (center): offset = max(0, content - viewport) * 0.5.
local r = canvas.resolve(grid{viewport = {width = 300, height = 200}})
check.rect(r.viewport, (872 - 300) / 2, (672 - 200) / 2, 300, 200, "centered viewport")
check.close(r.content_size.width, 872, "content width")
assert(r.zoom == nil and r.selection == nil and r.backdrop == nil, "no zoom, selection or backdrop unless asked")

r = canvas.resolve(grid{viewport = {width = 300, height = 200}, initial_anchor = "top_leading"})
check.rect(r.viewport, 0, 0, 300, 200, "top_leading viewport")
r = canvas.resolve(grid{viewport = {width = 300, height = 200}, initial_anchor = "bottom_trailing"})
check.rect(r.viewport, 572, 472, 300, 200, "bottom_trailing viewport")
r = canvas.resolve(grid{viewport = {width = 300, height = 200}, initial_anchor = {x = 0.25, y = 1}})
check.rect(r.viewport, 572 * 0.25, 472, 300, 200, "anchor point viewport")

-- x and y are clamped to [0, max(0, content - viewport)]; a missing one
-- keeps what the anchor gave.
r = canvas.resolve(grid{viewport = {width = 300, height = 200, x = 1000, y = -5}})
check.rect(r.viewport, 572, 0, 300, 200, "offset clamped")
r = canvas.resolve(grid{viewport = {width = 300, height = 200, x = 40}, initial_anchor = "bottom"})
check.rect(r.viewport, 40, 472, 300, 200, "x given, y from the anchor")
r = canvas.resolve(grid{viewport = {width = 1000, height = 800, x = 50, y = 50}})
check.rect(r.viewport, 0, 0, 1000, 800, "a viewport larger than the content stays at 0")

-- Visible: frames strictly intersecting the viewport grown by the overscan.
-- Overscan 0 at the origin: columns 0..3 (264 < 300), rows 0..2 (204 >= 200).
r = canvas.resolve(grid{viewport = {width = 300, height = 200, overscan = 0}, initial_anchor = "top_leading"})
check.equal(ids(r.visible), "1,2,3,4,11,12,13,14,21,22,23,24", "visible without overscan")
-- Default overscan 128: the rect (-128, -128, 556, 456) reaches x < 428
-- (columns 0..4) and y < 328 (rows 0..4).
r = canvas.resolve(grid{viewport = {width = 300, height = 200}, initial_anchor = "top_leading"})
check.equal(#r.visible, 25, "visible with the default overscan")
check.equal(r.visible[25], 45, "last visible with the default overscan")

-- An empty viewport shows nothing.
r = canvas.resolve(grid{viewport = {width = 0, height = 0}})
check.equal(#r.visible, 0, "an empty viewport")

-- ---- the canvas object: set_viewport and updates ---------------------------

local c = canvas.new(grid{viewport = {width = 300, height = 200, overscan = 0}, initial_anchor = "top_leading"})
check.equal(tostring(c), "canvas (100 items)", "tostring")
check.equal(ids(c:visible()), "1,2,3,4,11,12,13,14,21,22,23,24", "visible()")

-- To x = 88: column 0 (0..80) only touches, column 4 (352..432) enters.
local update = c:set_viewport{x = 88}
check.equal(ids(update.visible), "2,3,4,5,12,13,14,15,22,23,24,25", "update.visible")
check.equal(ids(update.appeared), "5,15,25", "update.appeared")
check.equal(ids(update.disappeared), "1,11,21", "update.disappeared")
check.equal(c:set_viewport{x = 88}, nil, "an update equal to the last one is not published")
check.equal(c:set_viewport{width = 300, height = 200}, nil, "the same size publishes nothing")
check.equal(c:set_viewport{x = 88.0, y = -3}, nil, "a clamped echo publishes nothing")

-- Clamped to max(0, content - viewport).
update = c:set_viewport{x = 10000, y = 10000}
check.rect(c:result().viewport, 572, 472, 300, 200, "set_viewport clamps")
assert(update and #update.visible > 0, "moving publishes")

-- A new size keeps the offset (re-clamped); overscan changes what is visible.
c:set_viewport{width = 100, height = 100}
check.rect(c:result().viewport, 572, 472, 100, 100, "resized")
update = c:set_viewport{overscan = 1000}
check.equal(#update.visible, 100, "a huge overscan shows everything")
check.equal(#update.disappeared, 0, "nothing disappears when the overscan grows")

-- A canvas without a viewport: the first size publishes everything it shows.
local fresh = canvas.new(grid{initial_anchor = "top_leading"})
check.equal(fresh:result().viewport, nil, "no viewport in the result before one is set")
update = fresh:set_viewport{width = 300, height = 200, overscan = 0}
check.equal(ids(update.appeared), "1,2,3,4,11,12,13,14,21,22,23,24", "first update: all appeared")
check.equal(#update.disappeared, 0, "first update: none disappeared")
check.rect(fresh:result().viewport, 0, 0, 300, 200, "the initial anchor applies on the first size")

-- ---- paging: 0.85 of the viewport, false at the edge ----------------------

c = canvas.new(grid{viewport = {width = 300, height = 200}, initial_anchor = "top_trailing"})
check.rect(c:result().viewport, 572, 0, 300, 200, "opened at the top-right")
check.equal(c:page("right"), false, "no page right at the right edge")
check.equal(c:page("up"), false, "no page up at the top")
check.equal(c:page("left"), true, "page left")
check.close(c:result().viewport.x, 572 - 0.85 * 300, "one page left")
check.equal(c:page("down"), true, "page down")
check.close(c:result().viewport.y, 170, "one page down")
check.equal(c:page("down"), true, "page down again")
check.close(c:result().viewport.y, 340, "two pages down")
check.equal(c:page("down"), true, "page down to the edge")
check.close(c:result().viewport.y, 472, "clamped at the bottom")
check.equal(c:page("down"), false, "no page down at the bottom")
check.fails(function() c:page("sideways") end, "bad argument #1 to 'page' (invalid option 'sideways')", "page direction")

-- ---- scroll_to: offset = origin + size*anchor - viewport*anchor, clamped --

-- Item 55: column 4, row 5, at (352, 340).
c:scroll_to(55)
check.rect(c:result().viewport, 352 + 40 - 150, 340 + 30 - 100, 300, 200, "scroll_to id, centered")
c:scroll_to(55, "top_leading")
check.rect(c:result().viewport, 352, 340, 300, 200, "scroll_to id, top_leading")
c:scroll_to(100, "bottom_trailing")
check.rect(c:result().viewport, 792 + 80 - 300, 612 + 60 - 200, 300, 200, "scroll_to the last item")
c:scroll_to({x = 500, y = 400})
check.rect(c:result().viewport, 350, 300, 300, 200, "scroll_to a point")
c:scroll_to({x = 400, y = 300, width = 200, height = 100}, {x = 0.5, y = 0})
check.rect(c:result().viewport, 400 + 100 - 150, 300, 300, 200, "scroll_to a region")
c:scroll_to({x = 0, y = 0, width = 100, height = 100}, "bottom_trailing")
check.rect(c:result().viewport, 0, 0, 300, 200, "scroll_to clamps at 0")
check.equal(c:scroll_to(1), nil, "scrolling where it already is publishes nothing")
update = c:scroll_to(100, "bottom_trailing")
assert(update and update.visible[#update.visible] == 100, "scroll_to returns the update")
check.fails(function() c:scroll_to(1000) end, "no item has id 1000", "unknown integer id")
check.fails(function() c:scroll_to("nope") end, "no item has id nope", "unknown string id")
check.fails(function() c:scroll_to(55, "middle") end, "bad argument #2 to 'scroll_to' (invalid option 'middle')", "bad anchor")
check.fails(function() c:scroll_to(55, {x = 2, y = 0}) end, "x and y must lie in 0..1", "anchor out of range")
check.fails(function() c:scroll_to(true) end, "bad argument #1 to 'scroll_to'", "bad target")
check.fails(function() c:scroll_to{x = 1, y = 2, width = 3} end, "missing field 'height'", "half a region")

-- ---- query and hit_test ---------------------------------------------------

check.equal(ids(c:query{x = 0, y = 0, width = 80, height = 60}), "1", "query one frame")
check.equal(#c:query{x = 80, y = 0, width = 8, height = 60}, 0, "frames that only touch do not count")
check.equal(ids(c:query{x = 79, y = 59, width = 10, height = 10}), "1,2,11,12", "query across a corner")
check.equal(#c:query{x = 0, y = 0, width = 0, height = 100}, 0, "an empty rect finds nothing")
check.equal(c:hit_test(100, 70), 12, "hit_test in item 12")
check.equal(c:hit_test(84, 10), nil, "hit_test in a gap")
check.fails(function() c:hit_test(0 / 0, 1) end, "bad argument #1 to 'hit_test' (expected a finite number)", "hit_test nan")
check.fails(function() c:query{x = 0, y = 0, width = 1} end, "query: missing field 'height'", "query without height")

-- Where frames overlap, the last in data order wins.
local stacked = canvas.new{items = 3, item_size = {50, 50},
                           layout = function(items) return {{x = 0, y = 0, width = 50, height = 50},
                                                            {x = 25, y = 0, width = 50, height = 50},
                                                            {x = 10, y = 0, width = 50, height = 50}} end}
check.equal(stacked:hit_test(30, 10), 3, "the last overlapping frame wins")
check.equal(stacked:hit_test(70, 10), 2, "only item 2 reaches x = 70")
check.equal(ids(stacked:query{x = 0, y = 0, width = 5, height = 5}), "1", "query the first frame only")

-- New items publish on the next resolve; disappeared ids keep their old order.
c = canvas.new(grid{viewport = {width = 300, height = 200, overscan = 0}, initial_anchor = "top_leading"})
local reversed = {}
for i = 1, 100 do reversed[i] = {id = 101 - i, width = 80, height = 60} end
c:set_items(reversed)
c:resolve()
check.equal(ids(c:visible()), "100,99,98,97,90,89,88,87,80,79,78,77", "visible in the new data order")

-- ---- string ids through the object -----------------------------------------

local entries = {}
for i = 1, 6 do entries[i] = {id = "n" .. i, width = 50, height = 50} end
local named = canvas.new{items = entries, layout = canvas.grid{columns = 6, h_spacing = 0},
                         viewport = {width = 100, height = 50, overscan = 0}, initial_anchor = "top_leading"}
check.equal(ids(named:visible()), "n1,n2", "string ids visible")
update = named:scroll_to("n6", "trailing")
check.equal(ids(update.visible), "n5,n6", "scroll_to a string id")
check.equal(ids(update.appeared), "n5,n6", "string ids appeared")
check.equal(ids(update.disappeared), "n1,n2", "string ids disappeared")
check.equal(named:hit_test(260, 10), "n6", "hit_test gives the string id")

-- ---- the backdrop -----------------------------------------------------------

-- Dots of radius 2 every 20: the visible rect starts at (50, 30), which is
-- 10 into its first tile on both axes; the dot's square is centered in the tile.
r = canvas.resolve(grid{viewport = {width = 300, height = 200, x = 50, y = 30},
                        backdrop = {kind = "dots", spacing = 20, radius = 2}})
check.equal(r.backdrop.kind, "dots", "backdrop kind")
check.close(r.backdrop.side, 20, "backdrop side")
check.close(r.backdrop.phase.x, 10, "backdrop phase x")
check.close(r.backdrop.phase.y, 10, "backdrop phase y")
check.equal(#r.backdrop.shapes, 1, "one dot a tile")
check.rect(r.backdrop.shapes[1], 8, 8, 4, 4, "the dot's square")
-- The tiles covering (50, 30, 300, 200): columns 2..17 and rows 1..11 of
-- 20-point tiles, 16 x 11 = 176 of them, row by row.
check.equal(#r.backdrop.origins, 176, "tiles covering the visible rect")
check.close(r.backdrop.origins[1].x, 40, "first tile x")
check.close(r.backdrop.origins[1].y, 20, "first tile y")
check.close(r.backdrop.origins[2].x, 60, "second tile, same row")
check.close(r.backdrop.origins[176].x, 340, "last tile x")
check.close(r.backdrop.origins[176].y, 220, "last tile y")

-- A grid: the top and left lines of each tile; width 0 draws a 0.5 hairline.
r = canvas.resolve(grid{viewport = {width = 300, height = 200, x = 50, y = 30},
                        backdrop = {kind = "grid", spacing = 25, line_width = 0}})
check.equal(r.backdrop.kind, "grid", "grid kind")
check.close(r.backdrop.phase.x, 0, "grid phase x")
check.close(r.backdrop.phase.y, 5, "grid phase y")
check.rect(r.backdrop.shapes[1], 0, 0, 25, 0.5, "grid top line")
check.rect(r.backdrop.shapes[2], 0, 0, 0.5, 25, "grid left line")

r = canvas.resolve(grid{backdrop = "none"})
check.equal(r.backdrop.kind, "none", "no backdrop")
check.equal(#r.backdrop.shapes, 0, "no shapes")

-- ---- description errors -------------------------------------------------------

check.fails(function() canvas.resolve(grid{viewport = {width = 300}}) end,
            "viewport: missing field 'height'", "viewport without height")
check.fails(function() canvas.resolve(grid{viewport = {width = 300, height = 200, z = 1}}) end,
            "viewport: unknown key 'z'", "viewport typo")
check.fails(function() canvas.resolve(grid{viewport = {width = -1, height = 200}}) end,
            "viewport.width: expected a non-negative number", "negative viewport")
check.fails(function() canvas.resolve(grid{viewport = {width = 1, height = 2, x = 0 / 0}}) end,
            "viewport.x: expected a finite number, got nan", "nan offset")
check.fails(function() canvas.resolve(grid{viewport = 5}) end, "viewport: expected {width=", "viewport type")
check.fails(function() canvas.resolve(grid{initial_anchor = "middle"}) end,
            "initial_anchor: unknown anchor 'middle'", "initial anchor name")
check.fails(function() canvas.resolve(grid{backdrop = {kind = "stripes"}}) end,
            "backdrop.kind: unknown backdrop kind 'stripes'", "backdrop kind")
check.fails(function() canvas.resolve(grid{backdrop = {kind = "dots", line_width = 1}}) end,
            "backdrop (dots): unknown key 'line_width'", "dots take a radius")
check.fails(function() canvas.resolve(grid{backdrop = {kind = "grid", spacing = 0}}) end,
            "backdrop.spacing: expected a positive number", "zero spacing")
check.fails(function() canvas.resolve(grid{backdrop = "dots"}) end, "backdrop: unknown backdrop 'dots'", "backdrop string")

-- ---- closing ------------------------------------------------------------------

c:close()
check.equal(tostring(c), "canvas (closed)", "closed tostring")
check.fails(function() c:visible() end, "attempt to use a closed canvas", "use after close")
c:close()  -- closing twice is harmless
do
  local scoped <close> = canvas.new(grid())
  check.equal(#scoped:result().items, 100, "a to-be-closed canvas")
end

-- Issue 12: a spacing-1 backdrop under a viewport at x = 1e16 looped for ever.
-- Past 2^52 tiles from the origin there are no origins, only the phase.
do
  local far = canvas.resolve{items = 1, item_size = {1, 1}, margins = {leading = 2e16},
                             viewport = {width = 400, height = 300, x = 1e16},
                             backdrop = {kind = "dots", spacing = 1}}
  assert(far.viewport.x == 1e16, "the viewport is far out")
  assert(#far.backdrop.origins == 0, "no origins far from the origin")
  assert(far.backdrop.phase.x >= 0 and far.backdrop.phase.x < 1, "the phase is inside a tile")
end

return {items = 0}
