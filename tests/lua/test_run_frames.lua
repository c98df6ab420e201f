-- The run gesture at times where adding `every` no longer advances a double
-- (2^53 ms and beyond: the loop never ended), and its ticks kept only as the
-- viewport's path unless trace is on.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local base = 2 ^ 53
local r = canvas.resolve{items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100},
                         gestures = {{"tick", t = base}, {"run", to = base + 4000, every = 4}}}
check.equal(r.trace, nil, "no trace unless asked for")
check.equal(#r.path, 1001, "one offset a frame, through the last")
-- Steps below the spacing of doubles there: the run still ends.
r = canvas.resolve{items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100},
                   gestures = {{"tick", t = base * 4}, {"run", to = base * 4 + 1000, every = 1}}}
check.equal(#r.path <= 1001, true, "at most a frame a millisecond")
check.equal(r.path[1].t, nil, "the path holds offsets only")

r = canvas.resolve{items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100}, trace = true,
                   gestures = {{"tick", t = 0}, {"run", to = 160, every = 16}}}
check.equal(#r.trace, 11, "a tick and ten frames traced")
check.equal(r.trace[11].t, 160, "the last frame at `to`")
check.equal(#r.path, 11, "and the path beside the trace")
return {items = 0}
