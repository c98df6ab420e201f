-- The ring's place function alone, in plain Lua, on the items the binding
-- would hand it. Run as: lua5.4 place_alone.lua COUNT REPS
local here = arg[0]:match("^(.*)/") or "."
local common = dofile(here .. "/common.lua")
collectgarbage("generational")  -- as canvas-lua runs scripts

local count, reps = tonumber(arg[1]) or 100000, tonumber(arg[2]) or 5
local scene = common.scene(count)
local place = common.ring(scene.radius)
local items = common.items(scene)
local proposal = {}
common.report{place = common.time(reps, function() place(items, proposal) end)}
