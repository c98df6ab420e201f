-- What a host reads every frame without c:result(): count, publish count,
-- marquee, can_undo/can_redo, the selection's version, an animation's end,
-- and whether an edit published.
local canvas = require "canvas"

local c = canvas.new{layout = "free", tool = "select", viewport = {width = 400, height = 300, x = 0, y = 0},
  items = {{id = 1, x = 0, y = 0, width = 50, height = 50}, {id = 2, x = 100, y = 0, width = 50, height = 50}}}
c:resolve()
assert(c:count() == 2, "count")
assert(c:marquee() == nil, "no marquee before a press")
assert(c:can_undo() == false and c:can_redo() == false, "an empty history")

-- Edits say whether they published: a move on screen does, one off screen to off screen does not.
local published = c:publish_count()
assert(math.type(published) == "integer")
assert(c:move(1, 10, 10) == true, "a visible move publishes")
assert(c:publish_count() > published, "the count grew")
c:insert({{id = 3, x = 5000, y = 5000, width = 10, height = 10}, {id = 4, x = 6000, y = 6000, width = 10, height = 10}})
assert(c:count() == 4, "count follows inserts")
local before = c:publish_count()
-- (inside the content's bounds, so the content size stays too)
assert(c:move(3, 5500, 5500) == false, "a move off screen publishes nothing")
assert(c:publish_count() == before)
assert(c:can_undo() == true and c:can_redo() == false)
assert(c:undo() == false, "undoing the off-screen move publishes nothing")
assert(c:can_redo() == true)
c:redo()
assert(c:remove{3} == false and c:count() == 3, "count follows removals")

-- The selection's version moves with the selection, not without it.
local version = c:selection_version()
c:pointer_down(300, 200, 0)
c:pointer_move(120, 20, 16)
local m = c:marquee()
assert(m and m.x == 120 and m.y == 20 and m.width == 180 and m.height == 180, "the marquee while drawn")
assert(c:selection_version() ~= version, "the marquee selected")
c:pointer_up(120, 20, 32)
assert(c:marquee() == nil, "no marquee after the release")
version = c:selection_version()
c:move(2, 110, 0)
assert(c:selection_version() == version, "a move leaves the selection")
c:select_id(1)
assert(c:selection_version() ~= version, "select_id")

-- The running animation's end time.
assert(c:motion().end_t == nil, "nothing animating")
c:scroll_to(1, "center", {animated = true, duration = 200, t = 1000})
assert(c:motion().end_t == 1200, "an animated scroll ends at its start + duration")
c:tick(1300)
assert(c:motion().end_t == nil, "ended")

-- A closed canvas refuses the reads as it refuses every method.
c:close()
assert(not pcall(c.count, c))
return {layout = "free", items = {}}
