-- Issue 21.3: set_items on a free canvas kept the old free index, so every
-- query, hit test, tick and set_items itself at a zoom other than 1 trapped
-- before the next resolve. Now the last resolution answers until then.
local canvas = require "canvas"
local c = canvas.new{layout = "free", viewport = {width = 100, height = 100},
  items = {{id = 1, x = 0, y = 0, width = 10, height = 10}, {id = 2, x = 20, y = 0, width = 10, height = 10}}}
c:set_zoom(2)
c:set_items{{id = 7, width = 5, height = 5}, {id = 8, width = 5, height = 5}}
assert(c:zoom() == 1, "set_items resets the zoom")
local before = c:query{x = 0, y = 0, width = 100, height = 100}
assert(#before == 2 and before[1] == 1, "the last resolution answers until the next resolve")
c:hit_test(1, 1)
c:resolve()
local after = c:query{x = -1, y = -1, width = 100, height = 100}
assert(#after == 2 and after[1] == 7, "the new items after the resolve")
return {layout = "free", items = {}}
