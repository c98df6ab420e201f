-- The ring's place function alone, in plain Lua, on the items the binding
-- would hand it. Run as: lua5.4 place_alone.lua COUNT REPS [fresh]
-- With "fresh", each run also builds the items table first, as a host that
-- hands place a fresh table per item must (what the binding does); without
-- it, place gets one items table built beforehand. canvas-lua runs it too
-- (canvas-lua --max-instructions 0 place_alone.lua COUNT REPS fresh), to
-- time the same Lua in its interpreter: it returns an empty description.
local here = arg[0]:match("^(.*)/") or "."
local common = dofile(here .. "/common.lua")
collectgarbage("generational")  -- as canvas-lua runs scripts

local count, reps = tonumber(arg[1]) or 100000, tonumber(arg[2]) or 5
local scene = common.scene(count)
local place = common.ring(scene.radius)
local proposal = {}
if arg[3] == "fresh" then
  common.report{fresh = common.time(reps, function() place(common.items(scene), proposal) end)}
else
  local items = common.items(scene)
  common.report{place = common.time(reps, function() place(items, proposal) end)}
end
return {items = 0}
