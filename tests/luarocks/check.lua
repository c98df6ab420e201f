-- Run by tests/luarocks/run with the stock lua5.4 and only the LuaRocks
-- tree on LUA_CPATH: the module loads, resolves and answers as a canvas.
local expected_version = assert(arg[1], "usage: check.lua VERSION")
local canvas = require "canvas"
assert(package.searchpath("canvas", package.cpath):find("/lib/lua/5.4/canvas.so$"), "loaded from the tree")
assert(canvas.version == expected_version, "version " .. tostring(canvas.version))
local result = canvas.resolve{items = 3, item_size = {10, 10}, layout = canvas.flow{h_spacing = 5, max_width = 100}}
assert(result.content_size.width == 40 and #result.items == 3, "a flow of three")
local c = canvas.new{items = 100, item_size = {80, 60}, layout = canvas.grid{columns = 10},
                     viewport = {width = 300, height = 200}}
assert(#c:visible() > 0, "something is visible")
c:set_zoom(2)
assert(c:zoom() == 2, "zoomed")
c:close()
print("check.lua: canvas " .. canvas.version .. " from the LuaRocks tree works")
