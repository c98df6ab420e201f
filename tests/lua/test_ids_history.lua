-- Issue 21: string ids that no history step can bring back are forgotten.
-- 200,000 inserts and removes of fresh string ids left 20.7 MB in the Lua
-- heap after a full collection; the history keeps only its last 100 steps,
-- so ids removed long enough ago go. Ids undo can still bring back stay.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function heap()
  collectgarbage("collect")
  collectgarbage("collect")
  return collectgarbage("count")
end
local c = canvas.new{layout = "free", items = {{id = "keep", x = 0, y = 0, width = 1, height = 1}}}
local function churn(prefix, n)
  for i = 1, n do
    local id = prefix .. i
    c:insert{{id = id, x = i, y = 0, width = 1, height = 1}}
    c:remove{id}
  end
end
churn("warm-", 5000)
local before = heap()
churn("fresh-", 40000)
local grown = heap() - before
check.equal(grown < 1024, true, ("40,000 fresh ids inserted and removed left %.0f KiB behind"):format(grown))

-- What the history can still reach keeps its name: undo the last removes.
local function last_name()
  local items = c:result().items
  return #items, items[#items].id
end
c:undo()
local count, name = last_name()
check.equal(count, 2, "undo brought back the last removed item")
check.equal(name, "fresh-40000", "by its name")
for _ = 1, 96 do c:undo() end   -- the 97th step back: a remove 49 inserts ago
count, name = last_name()
check.equal(name, "fresh-39952", "an id 97 steps back keeps its name")
for _ = 1, 97 do c:redo() end

-- Inside batches nothing is counted, and an item kept on the canvas stays named.
for i = 1, 3000 do c:batch(function(c) c:insert{{id = "b" .. i, x = 0, y = 0, width = 1, height = 1}} end) end
check.equal(c:result().items[1].id, "keep", "a live id keeps its name through sweeps")
check.equal(c:result().items[3001].id, "b3000", "so do the batch's")
return {items = 0}
