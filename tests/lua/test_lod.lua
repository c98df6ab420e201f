-- Level of detail: c:visible_lod and the lod description key. Expected
-- numbers are worked out by hand from the rules in canvas.h (canvas_query_lod).
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

-- 100 items of 100 x 100 in 10 columns without spacing: content 1000 x 1000.
-- Zoomed to 0.1 on both axes, each item is 10 x 10 points and the whole
-- content (100 x 100 points) fits a 100 x 100 viewport.
local function tiles(extra)
  local description = {
    items = 100, item_size = {100, 100}, layout = canvas.grid{columns = 10, h_spacing = 0, v_spacing = 0},
    viewport = {width = 100, height = 100}, initial_anchor = "top_leading",
    zoom = {axis = "both", min = 0.05, scale = 0.1},
  }
  for key, value in pairs(extra or {}) do description[key] = value end
  return description
end

local c = canvas.new(tiles())

-- min_size 2: 10-point items are large, every one comes back on its own.
local lod = c:visible_lod{min_size = 2}
check.equal(#lod.items, 100, "all large")
check.equal(#lod.clusters, 0, "no clusters")
check.rect(lod.items[12], 10, 10, 10, 10, "item 12 zoomed")
check.equal(lod.items[12].id, 12, "item 12 id")

-- min_size 20: all small. Cell 16: the level is the smallest k with
-- 2^k * 0.1 >= 16, k = 8, cells of 256 content points (25.6 on screen).
-- Centres at 50 + 100 i fall in columns floor(c / 256): 0,0,0,1,1,2,2,2,3,3,
-- so the cells hold 3, 2, 3 and 2 columns (rows the same): 16 clusters, row-major.
lod = c:visible_lod{min_size = 20, cell = 16}
check.equal(#lod.items, 0, "all small")
check.equal(#lod.clusters, 16, "4 x 4 cells")
local counts, total = {}, 0
for i, cluster in ipairs(lod.clusters) do
  counts[i] = cluster.count
  total = total + cluster.count
end
check.equal(table.concat(counts, ","), "9,6,9,6,6,4,6,4,9,6,9,6,6,4,6,4", "counts, row-major")
check.equal(total, 100, "every item counted once")
-- Representatives: the first in data order; (0,1) starts at column 3 (item 4),
-- (1,0) at row 3 (item 31).
check.equal(lod.clusters[1].id, 1, "first cluster's representative")
check.equal(lod.clusters[2].id, 4, "second cluster's representative")
check.equal(lod.clusters[5].id, 31, "fifth cluster's representative")
-- Bounds: the union of the frames, zoomed: columns 3 and 4 span 300…500 → 30…50.
check.rect(lod.clusters[1], 0, 0, 30, 30, "first cluster's bounds")
check.rect(lod.clusters[2], 30, 0, 20, 30, "second cluster's bounds")

-- The defaults are min_size 2 and cell 16.
check.equal(#c:visible_lod().items, 100, "defaults")

-- Horizontal-only zoom: widths 10, heights 100. min_size 20 makes every item
-- small by its width; cells are 256 wide (0.1 zoom) and 16 high (unzoomed):
-- centre rows at 50 + 100 j fall in rows floor(c / 16), one row each.
local h = canvas.new(tiles{zoom = {axis = "horizontal", min = 0.05, scale = 0.1}, viewport = {width = 100, height = 300}})
lod = h:visible_lod{min_size = 20}
check.equal(#lod.items, 0, "horizontal: all small")
-- The culling rect is the 100 x 300 window plus 128 of overscan: rows down to 428.
check.equal(lod.clusters[1].count, 3, "horizontal: one row of three columns")
check.rect(lod.clusters[1], 0, 0, 30, 100, "horizontal: heights unzoomed")

-- The description key: "visible" holds the items shown one by one, and the
-- result gains the clusters.
local r = canvas.resolve(tiles{lod = {min_size = 20}})
check.equal(#r.visible, 0, "lod: nothing shown one by one")
check.equal(#r.clusters, 16, "lod: clusters in the result")
r = canvas.resolve(tiles{lod = {}})
check.equal(#r.visible, 100, "lod defaults: all shown")
check.equal(#r.clusters, 0, "lod defaults: no clusters")

-- set_lod: the canvas's published updates carry the answer; set_lod(false) goes back.
local p = canvas.new(tiles())
check.equal(#p:visible(), 100, "every item visible")
check.equal(#p:clusters(), 0, "no clusters published")
p:set_lod{min_size = 20}
check.equal(#p:visible(), 0, "set_lod: nothing shown one by one")
check.equal(#p:clusters(), 16, "set_lod: the clusters published")
check.equal(p:clusters()[2].id, 4, "set_lod: representatives")
check.equal(#p:result().clusters, 16, "set_lod: results carry them")
p:set_lod(false)
check.equal(#p:visible(), 100, "set_lod(false): every item again")
check.equal(#p:clusters(), 0, "set_lod(false): no clusters")
check.equal(p:result().clusters, nil, "set_lod(false): results without clusters")
check.fails(function() p:set_lod{min_size = -1} end, "min_size must be positive", "set_lod bad min_size")

-- Bad input: a clear message, nothing changed.
check.fails(function() c:visible_lod{min_size = 0} end, "min_size must be positive", "zero min_size")
check.fails(function() c:visible_lod{cell = -1} end, "cell must be positive", "negative cell")
check.fails(function() c:visible_lod{min_size = 0 / 0} end, "min_size", "NaN min_size")
check.fails(function() c:visible_lod{size = 3} end, "size", "unknown key")
check.fails(function() c:visible_lod(5) end, "expected a table", "not a table")
check.equal(#c:visible_lod{min_size = 20}.clusters, 16, "still works after errors")

return {items = 0}
