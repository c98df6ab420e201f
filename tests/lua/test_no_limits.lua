-- args: --max-memory 0 --max-time 0 --max-instructions 0
-- With every limit off canvas-lua runs as lua5.4 would: no hook, no timer,
-- and Lua's plain allocator (nothing to count). Tables grow and shrink, the
-- collector frees them, and the engine works as under the limits.
local canvas = require "canvas"
local chunks = {}
for i = 1, 2000 do chunks[i] = string.rep("x", 1000 + i) end
for i = 1, 2000, 2 do chunks[i] = nil end
collectgarbage()
local r = canvas.resolve{items = 1000, item_size = {8, 6}}
assert(#r.items == 1000 and r.items[1000].width == 8, "the engine under no limits")
local c = canvas.new{items = 50, item_size = {10, 10}, viewport = {width = 30, height = 30}}
assert(#c:visible() > 0, "a viewport under no limits")
return {items = 0}
