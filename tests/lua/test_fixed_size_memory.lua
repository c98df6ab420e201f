-- args: --max-memory 8M
-- Issue 20: a canvas of one fixed item_size gave the engine a buffer of one
-- size per item (16 bytes each, in the Lua heap while set_items ran: 58 B an
-- item at 10,000,000 through canvas-lua against 42 through C). The engine
-- now gets the one size (canvas_set_item_size), so 1,000,000 items fit in an
-- 8 MB Lua heap, which their 16 MB of sizes did not.
local canvas = require "canvas"

local c = canvas.new{items = 1000000, item_size = {8, 6}, layout = canvas.grid{columns = 1000},
                     viewport = {width = 100, height = 100}}
assert(c:count() == 1000000)
local items = c:visible_items()
assert(#items > 0 and items[1].width == 8 and items[1].height == 6, "the one size laid out")
c:set_items(1000000)  -- again, through c:set_items
assert(c:count() == 1000000)
-- Entries on a fixed-size canvas take the one size too.
local small = canvas.new{items = {{id = "a"}, {id = "b"}}, item_size = {5, 7}, layout = "free"}
local frames = small:result().items
assert(frames[1].width == 5 and frames[2].height == 7)
return {items = 0}
