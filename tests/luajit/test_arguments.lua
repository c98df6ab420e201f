-- Wrong argument types to canvas.ffi's methods are named as the 5.4 module
-- names them, never a raw error from inside ffi.lua ("attempt to index local
-- 'w' (a number value)" for c:wheel(5)). Run by tests/luajit/run.
local canvas = require "canvas.ffi"

local c = canvas.new{items = 40, item_size = {5, 5}, viewport = {width = 10, height = 10}}
local function says(expected, fn, ...)
  local ok, message = pcall(fn, c, ...)
  assert(not ok, expected .. ": expected an error")
  assert(message == expected, string.format("expected %q, got %q", expected, tostring(message)))
end
says("bad argument #1 to 'wheel' (table expected, got number)", c.wheel, 5)
says("bad argument #1 to 'wheel' (table expected, got no value)", c.wheel)
says("bad argument #2 to 'crown' (number expected, got no value)", c.crown, 5)
says("bad argument #3 to 'fling' (number expected, got string)", c.fling, 1, 2, "now")
says("bad argument #1 to 'query' (table expected, got number)", c.query, 5)
says("query: missing field 'width'", c.query, {x = 0, y = 0})
says("bad argument #2 to 'hit_test' (number expected, got table)", c.hit_test, 1, {})
says("bad argument #3 to 'key' (table expected, got number)", c.key, "down", 0, 5)
says("bad argument #4 to 'pointer_down' (table expected, got boolean)", c.pointer_down, 1, 1, 0, true)
says("bad argument #3 to 'scroll_to' (table expected, got number)", c.scroll_to, 3, "center", 5)
says("bad argument #1 to 'set_zoom' (number expected, got string)", c.set_zoom, "2")
says("bad argument #1 to 'set_zoom_settings' (table expected, got number)", c.set_zoom_settings, 5)
says("bad argument #1 to 'tick' (number expected, got no value)", c.tick)
says("bad argument #1 to 'touches' (table expected, got nil)", c.touches, nil, 1)
says("bad argument #1 to 'zoom_to_fit' (table expected, got number)", c.zoom_to_fit, 5)
says("bad argument #1 to 'set_viewport' (table expected, got string)", c.set_viewport, "big")
says("bad argument #1 to 'query_links' (table expected, got number)", c.query_links, 5)
says("bad argument #2 to 'hit_test_link' (number expected, got no value)", c.hit_test_link, 1)
says("bad argument #1 to 'link_route' (number expected, got string)", c.link_route, "x")
local ok, message = pcall(c.wheel, 5)
assert(not ok and message == "calling 'wheel' on bad self (canvas expected, got number)", message)
-- Right types still work, with optional arguments left out.
c:zoom_to_fit()
c:key("down", 0)
c:tick(10)
c:close()


-- A duplicate string id among inserted items is named by the script's id.
local f = canvas.new{layout = "free", items = {{id = "a", width = 1, height = 1}}}
local ok2, message2 = pcall(f.insert, f, {{id = "b", width = 1, height = 1}, {id = "b", width = 1, height = 1}})
assert(not ok2 and message2 == "items[2].id: duplicate id b (also the id of items[1])", tostring(message2))
f:close()
print("test_arguments.lua: ok")
