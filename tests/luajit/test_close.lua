-- close() where the engine is still in use: inside a batch's function (the
-- batch committed on the freed engine: a segfault) and inside a place,
-- measure or zoom callback (it freed the FFI callback the engine was still
-- calling; LuaJIT's "bad callback" then unwound through the engine's frames).
-- The close waits until the engine call returns. Run under MALLOC_PERTURB_.
local canvas = require "canvas.ffi"

local function column(items)
  local frames = {}
  for i, item in ipairs(items) do frames[i] = {x = 0, y = 10 * i, width = item.width, height = item.height} end
  return frames
end

-- Inside a batch: the batch ends with the canvas.
local c = canvas.new{items = 3, item_size = {5, 5}, layout = "free"}
assert(c:batch(function(c) c:close(); return "done" end) == "done", "the batch's function returns")
assert(tostring(c) == "canvas (closed)")
c = canvas.new{items = 3, item_size = {5, 5}, layout = "free"}
local ok, message = pcall(c.batch, c, function(c) c:close(); error("after closing", 0) end)
assert(not ok and message == "after closing", "the function's error comes back: " .. tostring(message))
assert(tostring(c) == "canvas (closed)")

-- Inside a measure callback: the engine finishes measuring, then closes.
local closing, measured = false, 0
c = canvas.new{items = 40, estimated_item_size = {5, 5}, layout = "flow",
               measure = function(item)
                 measured = measured + 1
                 if closing and item.index == 3 then c:close() end
                 return 5, 5
               end}
closing = true
c:invalidate()
c:resolve()
assert(tostring(c) == "canvas (closed)", "closed once the engine call returned")
ok, message = pcall(c.resolve, c)
assert(not ok and message:find("closed canvas", 1, true), message)

-- Inside a place function, and a second callback after the close is asked for.
c = canvas.new{items = 4, item_size = {5, 5}, layout = column}
local placed = 0
c:set_layout(function(items) placed = placed + 1; c:close(); return column(items) end)
c:resolve()
assert(placed == 1 and tostring(c) == "canvas (closed)")

-- Inside a zoom callback.
c = canvas.new{items = 4, item_size = {5, 5}, zoom = {min = 0.5, max = 4}, viewport = {width = 10, height = 10},
               on_zoom = function() c:close() end}
c:set_zoom(2)
assert(tostring(c) == "canvas (closed)")

-- A method used inside the callback after close() is refused by name.
c = canvas.new{items = 4, item_size = {5, 5}, layout = column}
local inner
c:set_layout(function(items) c:close(); inner = {pcall(c.result, c)}; return column(items) end)
c:resolve()
assert(inner[1] == false and inner[2]:find("closed canvas", 1, true), tostring(inner[2]))

-- An error value whose __tostring fails is reported, never raised through the engine.
c = canvas.new{items = 4, item_size = {5, 5}, layout = column}
c:set_layout(function() error(setmetatable({}, {__tostring = function() error("no text") end})) end)
ok, message = pcall(c.resolve, c)
assert(not ok and message:find("callback failed", 1, true), tostring(message))
c:set_layout(column)
c:resolve()
c:close()
print("test_close.lua: ok")
