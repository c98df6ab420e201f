-- Runs under the stock lua5.4 interpreter: require "canvas" finds canvas.so
-- on package.cpath (tests/lua/run sets LUA_CPATH).
local canvas = require "canvas"
assert(type(canvas.resolve) == "function", "canvas.resolve")
assert(canvas.abi_version == 1, "abi version")
local r = canvas.resolve{items = 3, item_size = {10, 10}, layout = canvas.flow{max_width = 100}}
assert(#r.items == 3 and r.items[3].x == 36, "flow through stock lua")
local c = canvas.new{items = 4, item_size = {10, 10}, layout = canvas.grid{columns = 2, h_spacing = 0, v_spacing = 0},
                    viewport = {width = 10, height = 10, overscan = 0}, initial_anchor = "top_leading",
                    on_zoom = function() end}
assert(c:hit_test(15, 5) == 2 and #c:visible() == 1 and c:page("right") == true, "canvas objects through stock lua")
c:close()
print("stock lua5.4: require \"canvas\" works, version " .. canvas.version)
