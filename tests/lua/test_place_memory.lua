-- args: --max-memory 48M
-- Running out of memory while the binding builds the items for place (it
-- holds the collector meanwhile) is a Lua error, and leaves the collector
-- running for the rest of the script.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function place(items) error("place ran, so the items fit: raise the count") end
check.fails(function() canvas.new{items = 1000000, item_size = {8, 8}, layout = place} end,
            "not enough memory", "a million items do not fit in 48 MiB")
check.equal(collectgarbage("isrunning"), true, "the collector runs again")

-- And a script that stopped the collector itself keeps it stopped.
collectgarbage("stop")
local c = canvas.new{items = 3, item_size = {8, 8}, layout = function(items)
  local frames = {}
  for i, item in ipairs(items) do frames[i] = {x = 10 * i, y = 0, width = item.width, height = item.height} end
  return frames
end}
check.equal(collectgarbage("isrunning"), false, "a stopped collector stays stopped")
collectgarbage("restart")
c:close()
return {items = 0}
