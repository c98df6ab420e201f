-- What only LuaJIT has: place functions as FFI callbacks (errors, the JIT,
-- their lifetime), closing, and a large canvas. Run by tests/luajit/run.
local canvas = require "canvas.ffi"

local function fails(fn, fragment, what)
  local ok, message = pcall(fn)
  assert(not ok, what .. ": expected an error")
  assert(tostring(message):find(fragment, 1, true),
         string.format("%s: expected an error containing %q, got %q", what, fragment, tostring(message)))
end

local function column(items)
  local frames = {}
  for i, item in ipairs(items) do frames[i] = {x = 0, y = 10 * i, width = item.width, height = item.height} end
  return frames
end

-- A place function's error comes back as a Lua error; the frames stay.
local c = canvas.new{items = 3, item_size = {5, 5}, layout = column}
local before = c:result().items[3].y
c:set_layout(function() error("no room on the board") end)
fails(function() c:resolve() end, "no room on the board", "a failing place function")
c:set_layout(function() return {{x = 0, y = 0, width = 1, height = 1}} end)
fails(function() c:resolve() end, "place: frame 2: expected a table", "too few frames")
c:set_layout(function() return {{x = 0, y = 0 / 0, width = 1, height = 1}, {}, {}} end)
fails(function() c:resolve() end, "place: frame 1.y: expected a finite number", "a NaN frame")
assert(c:result().items[3].y == before, "the previous frames stay after failures")
c:set_layout(column)
c:resolve()

-- Hot loops that call back into Lua (the JIT compiles them) keep working.
for i = 1, 300 do
  c:set_items(i % 7 + 1)
  c:resolve()
  assert(#c:result().items == i % 7 + 1)
end

for _ = 1, 3000 do c:resolve() end

-- Canvases with place functions are collected, callbacks and all: far more
-- of them than LuaJIT has callback slots.
for _ = 1, 3000 do
  canvas.new{items = 2, item_size = {1, 1}, layout = column}
end
collectgarbage(); collectgarbage()
for _ = 1, 3000 do
  canvas.resolve{items = 2, item_size = {1, 1}, layout = column}
end
for _ = 1, 1500 do  -- measure and zoom callbacks too: two more per canvas
  canvas.new{items = 2, estimated_item_size = {1, 1}, measure = function() return 1, 1 end,
             on_zoom = function() end}
end

-- Edits run the place function too: its error comes back and the edit is undone;
-- hot loops of edits (the JIT compiles the callers) keep working, batches roll back.
local board = canvas.new{items = {{id = "a", width = 5, height = 5}}, layout = function(items)
  if #items > 2 then error("too many for the board") end
  return column(items)
end}
board:insert{{id = "b", width = 1, height = 1}}
fails(function() board:insert{{id = "c", width = 1, height = 1}} end, "too many for the board", "a place error in an edit")
assert(#board:result().items == 2, "the refused insert left the items")
for i = 1, 500 do
  board:remove{"b"}
  board:insert({{id = "b", width = i % 3, height = 1}}, "a")
end
assert(board:result().items[1].id == "b", "inserted before a")
local free = canvas.new{layout = "free", items = {{id = "x", width = 10, height = 10}, {id = "y", x = 50, width = 10, height = 10}}}
for i = 1, 2000 do
  free:move("x", i, -i)
  fails(function() free:batch(function(b) b:move("y", 0, 0); b:remove{"nope"} end) end, "no item has id nope", "a batch")
end
assert(free:frame("x").x == 2000 and free:frame("y").x == 50, "moves kept, failed batches rolled back")
free:undo()
assert(free:frame("x").x == 1999, "undo steps back one move")
local lod = canvas.new{items = 1000, item_size = {2, 2}, viewport = {width = 100, height = 100}, lod = {min_size = 3}}
for _ = 1, 500 do assert(#lod:visible_lod{min_size = 3}.clusters > 0 and #lod:clusters() > 0) end

-- Closing, and ids.
c:close()
c:close()
fails(function() c:result() end, "attempt to use a closed canvas", "a closed canvas")
local v = canvas.new{items = {{id = "a", width = 1, height = 1}}, viewport = {width = 10, height = 10}}
fails(function() v:scroll_to("zzz") end, "no item has id zzz", "an unknown id")
fails(function() v:select_id(99) end, "no item has id 99", "an unknown id to select")
fails(function() canvas.new{items = 1, item_size = {1, 1}, gestures = {}} end,
      "unknown or unsupported key 'gestures'", "a key canvas.ffi does not take")
fails(function() canvas.new{items = 2, estimated_item_size = {5, 5}, measure = function() return -1, 2 end} end,
      "measure: items[1].width: expected a non-negative number", "a measure function's bad size")
fails(function() canvas.new{items = 1, item_size = {1, 1}, margins = -1} end, "negative", "the engine's own checks")

-- 100,000 items, culled: a viewport sees a screenful, panning reports the difference.
local big = canvas.new{items = 100000, item_size = {40, 40}, layout = canvas.grid{columns = 400},
                       viewport = {width = 800, height = 600, x = 0, y = 0, overscan = 0}}
local seen = #big:visible()
assert(seen > 0 and seen < 1000, "a screenful is visible, not everything: " .. seen)
local update = big:set_viewport{x = 4010, y = 4010}
assert(update and #update.appeared > 0 and #update.disappeared == seen, "a long pan swaps what is visible")
assert(big:set_viewport{x = 4011} == nil, "a one-point pan changes nothing visible")
big:set_zoom(0.5)
assert(#big:visible() > seen, "zooming out shows more")

print("test_ffi.lua: all checks passed")
