-- Runs under the stock lua5.4 interpreter: require "canvas" finds canvas.so
-- on package.cpath (tests/lua/run sets LUA_CPATH).
local canvas = require "canvas"
assert(type(canvas.resolve) == "function", "canvas.resolve")
assert(canvas.abi_version == 1, "abi version")
local r = canvas.resolve{items = 3, item_size = {10, 10}, layout = canvas.flow{max_width = 100}}
assert(#r.items == 3 and r.items[3].x == 36, "flow through stock lua")
print("stock lua5.4: require \"canvas\" works, version " .. canvas.version)
