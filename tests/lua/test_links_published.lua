-- Links in what a canvas publishes: the viewport update's visible_links,
-- appeared_links and disappeared_links (an update that only links changed
-- is an update too), c:appeared_links() / c:disappeared_links(), and with
-- level of detail c:cluster_links() and the result's cluster_links,
-- checked against a brute force over the routes and clusters.
local canvas = require((arg and arg[1]) or "canvas")
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function ids(list) return table.concat(list, ",") end

-- Three cards in a row 400 apart; links 1: a->b, 2: b->c. A 300-wide window (no overscan) sees one gap at a time.
local c = canvas.new{layout = "free", viewport = {width = 300, height = 100, x = 0, y = 0, overscan = 0},
  items = {{id = "a", x = 0, y = 0, width = 100, height = 50}, {id = "b", x = 400, y = 0, width = 100, height = 50},
           {id = "c", x = 800, y = 0, width = 100, height = 50}},
  links = {{from = "a", to = "b"}, {from = "b", to = "c"}}}
check.equal(ids(c:visible_links()), "1", "only a->b crosses the window")
local update = c:set_viewport{x = 550, y = 0, width = 300, height = 100}
check.equal(ids(update.visible), "c", "items in view")
check.equal(ids(update.visible_links), "2", "the update's visible links")
check.equal(ids(update.appeared_links), "2", "appeared")
check.equal(ids(update.disappeared_links), "1", "disappeared")
check.equal(ids(c:appeared_links()), "2", "c:appeared_links()")
check.equal(ids(c:disappeared_links()), "1", "c:disappeared_links()")
-- Only links change: from the gap between a and b to the gap between b and c, no card in view either time.
c:set_viewport{x = 110, y = 0, width = 280, height = 100}
update = c:set_viewport{x = 510, y = 0, width = 280, height = 100}
check.equal(update ~= nil, true, "a pan that only changes links is an update")
check.equal(#update.visible + #update.appeared + #update.disappeared, 0, "no card in view, none came or went")
check.equal(ids(update.visible_links), "2", "the link across the gap")
check.equal(ids(update.appeared_links), "2", "b->c appeared")
check.equal(ids(update.disappeared_links), "1", "a->b left")
-- A canvas without links keeps its old update shape.
local plain = canvas.new{layout = "free", viewport = {width = 300, height = 100, x = 0, y = 0, overscan = 0},
  items = {{id = "a", x = 0, y = 0, width = 100, height = 50}, {id = "b", x = 400, y = 0, width = 100, height = 50}}}
update = plain:set_viewport{x = 300, y = 0, width = 300, height = 100}
check.equal(update.visible_links, nil, "no link lists without links")

-- Level of detail: small cards in clusters, links between them aggregated.
local items, links = {{id = "big", x = 0, y = -300, width = 200, height = 100}}, {}
for i = 1, 120 do items[#items + 1] = {id = i, x = (i - 1) * 12, y = 0, width = 6, height = 6} end
for i = 1, 119 do links[#links + 1] = {from = i, to = i + 1} end
links[#links + 1] = {id = 1000, from = "big", to = 1}
links[#links + 1] = {id = 1001, from = "big", to = 60}
local lod = canvas.new{layout = "free", items = items, links = links, lod = {min_size = 8, cell = 40},
  viewport = {width = 2000, height = 1000, x = -100, y = -400}}
local r = lod:result()
check.equal(type(r.cluster_links), "table", "results carry cluster_links with lod")
-- Brute force: each small card's cluster (the cluster whose bounds hold it), then count the links per pair.
local cluster_of = {}
for _, cluster in ipairs(r.clusters) do
  for _, item in ipairs(r.items) do
    if type(item.id) == "number" and item.x >= cluster.x - 1e-9 and item.x + item.width <= cluster.x + cluster.width + 1e-9 then
      cluster_of[item.id] = cluster.id
    end
  end
end
local expected, order = {}, {}
local function key_of(id, kind) return kind .. ":" .. tostring(id) end
for _, link in ipairs(r.links) do
  local a = cluster_of[link.from] and key_of(cluster_of[link.from], "cluster") or key_of(link.from, "item")
  local b = cluster_of[link.to] and key_of(cluster_of[link.to], "cluster") or key_of(link.to, "item")
  if a ~= b and (a:sub(1, 7) == "cluster" or b:sub(1, 7) == "cluster") then
    if a > b then a, b = b, a end
    local pair = a .. "|" .. b
    if not expected[pair] then order[#order + 1] = pair end
    expected[pair] = (expected[pair] or 0) + 1
  end
end
local got = {}
for _, pair in ipairs(lod:cluster_links()) do
  local a, b = key_of(pair.from, pair.from_kind), key_of(pair.to, pair.to_kind)
  if a > b then a, b = b, a end
  got[a .. "|" .. b] = pair.count
end
for pair, count in pairs(expected) do check.equal(got[pair], count, "cluster link " .. pair) end
for pair, count in pairs(got) do check.equal(expected[pair], count, "no extra cluster link " .. pair) end
check.equal(#lod:cluster_links(), #order, "one entry per pair")
check.equal(#r.cluster_links, #order, "the result's cluster_links")
check.equal(#order > 20, true, "the brute force found the chain's cluster pairs")
local big_pairs = 0
for _, pair in ipairs(r.cluster_links) do
  if pair.from == "big" or pair.to == "big" then
    big_pairs = big_pairs + 1
    check.equal(pair.from == "big" and pair.from_kind or pair.to_kind, "item", "big is an item end")
  end
end
check.equal(big_pairs >= 1, true, "the big card's links reach clusters")
-- Links drawn one by one need both ends drawn one by one: none here but none at all.
for _, id in ipairs(r.visible_links) do
  check.equal(id == 1000 or id == 1001, false, "a link into a cluster is not drawn one by one")
end

return {items = 0}
