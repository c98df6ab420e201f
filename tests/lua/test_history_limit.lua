-- args: --max-memory 16M
-- The undo history's budget (issue 21.10): canvas-lua caps it at a quarter of
-- --max-memory, so the 838 MB case (100 nudges of 100,000 selected items under
-- 256M) stays inside the limit; here 30 nudges of 5,000 items under 16M.
local canvas = require "canvas"

local items = {}
for i = 1, 5000 do items[i] = {id = i, x = (i % 100) * 20, y = (i // 100) * 20, width = 10, height = 10} end
local c = canvas.new{layout = "free", viewport = {width = 800, height = 600}, items = items}
items = nil
assert(c:history_limit() == 4 << 20, "a quarter of --max-memory: " .. c:history_limit())

c:select_all()
for _ = 1, 30 do c:nudge("right") end
-- A nudge of 5,000 items records 5,000 frames (about 400 kB): 4 MiB keeps
-- about 10 of them, not 30.
local steps = 0
while c:can_undo() do c:undo(); steps = steps + 1 end
assert(steps >= 1 and steps < 20, "steps kept: " .. steps)


-- Lower is fine; past the cap is refused with a message naming it.
c:set_history_limit(1000)
assert(c:history_limit() == 1000)
c:set_history_limit(0)
assert(c:history_limit() == 0)
local ok, message = pcall(c.set_history_limit, c, 5 << 20)
assert(not ok and message:find("above the cap of 4194304 bytes (a quarter of --max-memory)", 1, true), message)
for _, bad in ipairs{-1, 1.5, "64M", 0 / 0, math.huge} do
  ok, message = pcall(c.set_history_limit, c, bad)
  assert(not ok and message:find("expected a non-negative integer of bytes", 1, true), tostring(message))
end
-- Integral floats are integers.
c:set_history_limit(1e6)
assert(c:history_limit() == 1000000)

return {layout = "free", items = {}}
