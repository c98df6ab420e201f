-- Issue 21 item 2: cell counts computed from a script's numbers (a 1e11
-- viewport, a cell of 0.001 over a 1e7 viewport, 1e-12) once overflowed
-- rows x columns in the level-of-detail answer and trapped (exit 132).
-- The answer is bounded by the items; cells finer than 1/1024 of a point
-- are refused with a message naming the cell (bad/lod_tiny_cell.lua for
-- the description key).
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function tiny(extra)
  local description = {items = 100, item_size = {1, 1}}
  for key, value in pairs(extra) do description[key] = value end
  return description
end

local r = canvas.resolve(tiny{viewport = {width = 1e11, height = 1e11}, lod = {}})
check.equal(#r.visible, 0, "1e11 viewport: 1 x 1 items are small")
check.equal(#r.clusters >= 1 and #r.clusters <= 100, true, "1e11 viewport: a cluster or more")

r = canvas.resolve(tiny{viewport = {width = 1e7, height = 1e7}, lod = {cell = 0.001}})
check.equal(#r.clusters, 100, "cell 0.001 over a 1e7 viewport: an item a cell")

local c = canvas.new(tiny{viewport = {width = 100, height = 100}})
check.fails(function() c:visible_lod{cell = 1e-12} end, "below the smallest cell", "visible_lod cell 1e-12")
check.fails(function() c:set_lod{cell = 1e-300} end, "below the smallest cell", "set_lod cell 1e-300")
local lod = c:visible_lod{cell = 0.001}
check.equal(#lod.clusters, 100, "visible_lod cell 0.001: an item a cell")
return {items = 0}
