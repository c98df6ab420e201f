-- Issue 12: interned string ids were never freed (200,000 set_items calls
-- with fresh string ids left about 20 MB behind, and failed calls interned
-- too). Memory follows the live ids: only the current items' ids are held.
local canvas = require "canvas"
local check = dofile("tests/lua/check.lua")

local function items_named(prefix, n)
  local items = {}
  for i = 1, n do items[i] = {id = prefix .. i, width = 10, height = 10} end
  return items
end

local c = canvas.new{items = items_named("start-", 10)}
local function heap()
  collectgarbage("collect")
  collectgarbage("collect")
  return collectgarbage("count")
end
-- Warm up, then measure.
for round = 1, 200 do c:set_items(items_named("warm-" .. round .. "-", 10)) end
local before = heap()
for round = 1, 5000 do c:set_items(items_named("fresh-" .. round .. "-", 10)) end
local grown = heap() - before
assert(grown < 256, ("50,000 fresh string ids left %.0f KiB behind"):format(grown))

-- Failed calls intern nothing that stays: a bad last entry, a duplicate id.
before = heap()
for round = 1, 2500 do
  local bad = items_named("failed-" .. round .. "-", 10)
  bad[11] = {id = "x", width = -1, height = 10}
  assert(not pcall(c.set_items, c, bad))
  local duplicate = items_named("dup-" .. round .. "-", 10)
  duplicate[11] = {id = "dup-" .. round .. "-1", width = 1, height = 1}
  assert(not pcall(c.set_items, c, duplicate))
end
grown = heap() - before
assert(grown < 256, ("failed calls left %.0f KiB behind"):format(grown))

-- The live ids still work after all that: frames, hit tests, selection.
c:set_items{{id = "a", width = 10, height = 10}, {id = "b", width = 20, height = 10}}
c:resolve()
local r = c:result()
check.equal(r.items[2].id, "b", "a live string id comes back out")
c:select_id("b")
check.equal(c:selection()[1], "b", "and selects its item")
local ok = pcall(c.select_id, c, "fresh-1-1")
assert(not ok, "a dropped id names nothing")

-- Measured sizes follow the ids that stay; an id that left is measured again.
local measured = {}
local m = canvas.new{items = {{id = "p"}, {id = "q"}}, estimated_item_size = {5, 5},
                     measure = function(item) measured[#measured + 1] = item.id; return 30, 30 end}
check.equal(table.concat(measured, ","), "p,q", "both measured")
m:set_items{{id = "q"}, {id = "r"}}
m:resolve()
while m:step() ~= "idle" do end
check.equal(table.concat(measured, ","), "p,q,r", "q kept its size, r measured")
m:set_items{{id = "p"}, {id = "q"}, {id = "r"}}
while m:step() ~= "idle" do end
check.equal(table.concat(measured, ","), "p,q,r,p", "p left and came back: measured again")

return {items = 0}
