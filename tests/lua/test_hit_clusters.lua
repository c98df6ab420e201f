-- Issue 22 item 6: hit testing follows the published level of detail. Over a
-- published cluster c:hit_test gives nil and the cluster, never a card drawn
-- inside it; a press there with the select tool starts a marquee; clusters
-- (c:clusters(), c:visible_lod, results) carry how many items are selected.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

-- A 20 x 20 block of 10-point cards 20 apart at (1024, 1024), one 400-point
-- card at (3000, 1000); zoom 0.1: the cards are 1 point wide, clustered.
local items = {}
for i = 0, 399 do
  items[#items + 1] = {id = i + 1, x = 1024 + (i % 20) * 20, y = 1024 + (i // 20) * 20, width = 10, height = 10}
end
items[#items + 1] = {id = 401, x = 3000, y = 1000, width = 400, height = 400}
local function board()
  local c = canvas.new{layout = "free", tool = "select", items = items, viewport = {width = 800, height = 600},
                       zoom = {axis = "both", min = 0.01, scale = 0.1}, lod = {min_size = 8, cell = 16}}
  c:set_viewport{width = 800, height = 600, x = 0, y = 0}
  return c
end

local c = board()
local id, cluster = c:hit_test(102.9, 102.9)  -- card 1, 1 point wide, inside a cluster
check.equal(id, nil, "no card is hit under a cluster")
check.equal(type(cluster), "table", "the cluster comes second")
check.equal(cluster.count > 1, true, "it holds several cards")
check.equal(cluster.selected, 0, "none selected")
check.equal(cluster.x <= 102.9 and 102.9 < cluster.x + cluster.width, true, "its bounds hold the press")
local listed = false
for _, cl in ipairs(c:clusters()) do
  if cl.id == cluster.id then listed = cl.count == cluster.count and cl.x == cluster.x end
end
check.equal(listed, true, "it is a published cluster")
check.equal(c:hit_test(320, 120), 401, "the large card is drawn: it is hit")
check.equal(select("#", c:hit_test(700, 500)), 1, "empty space: one nil")

-- A press on the cluster starts a marquee; nothing moves.
c:pointer_down(102.9, 102.9, 0)
c:pointer_move(125, 125, 16)
check.equal(c:marquee() ~= nil, true, "a marquee is drawn")
c:pointer_up(125, 125, 32)
check.equal(#c:selection() > 1, true, "the marquee selected cards")
check.rect(c:frame(1), 102, 102, 1, 1, "card 1 did not move")

-- Selected counts, everywhere a cluster is.
c = board()
c:select_rect{x = 102, y = 102, width = 10, height = 10}  -- cards 1..5 of rows 1..5
local selected = #c:selection()
check.equal(selected > 0, true, "some cards selected")
local function total(clusters)
  local sum = 0
  for _, cl in ipairs(clusters) do
    check.equal(math.type(cl.selected), "integer", "selected is an integer")
    check.equal(cl.selected <= cl.count, true, "at most count")
    sum = sum + cl.selected
  end
  return sum
end
check.equal(total(c:clusters()), selected, "c:clusters() counts the selection")
check.equal(total(c:visible_lod{min_size = 8, cell = 16}.clusters), selected, "visible_lod counts it")
check.equal(total(c:result().clusters), selected, "results count it")
id, cluster = c:hit_test(102.9, 102.9)
check.equal(cluster.selected > 0, true, "the hit cluster counts its selected cards")

-- Random boards: the tool takes what hit_test says, item or marquee.
local seed = 622
local function random(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n end
local cluster_presses = 0
for round = 1, 5 do
  local list = {}
  for i = 1, 200 do
    local side = random(4) == 0 and 100 + random(400) or 4 + random(50)
    list[i] = {id = i, x = random(6000), y = random(4500), width = side, height = side}
  end
  c = canvas.new{layout = "free", tool = "select", items = list, viewport = {width = 800, height = 600},
                 zoom = {axis = "both", min = 0.01, scale = 0.1 + round * 0.02}, lod = {min_size = 8, cell = 16}}
  c:set_viewport{width = 800, height = 600, x = 0, y = 0}
  local drawn = {}
  for _, v in ipairs(c:visible()) do drawn[v] = true end
  local clusters = c:clusters()
  for press = 1, 40 do
    local x, y
    if press % 2 == 0 and #clusters > 0 then
      local b = clusters[1 + random(#clusters)]
      x, y = b.x + random(100) / 100 * b.width, b.y + random(100) / 100 * b.height
    else
      x, y = random(8000) / 10, random(6000) / 10
    end
    local hit, over = c:hit_test(x, y)
    if hit then check.equal(drawn[hit], true, "an item hit is published") end
    if over then cluster_presses = cluster_presses + 1 end
    local t = round * 10000 + press * 100
    c:pointer_down(x, y, t)
    if hit then
      c:pointer_up(x, y, t + 5)
      check.equal(c:selection()[1], hit, "the tool takes the item hit_test says")
    else
      c:pointer_move(x + 10, y + 10, t + 5)
      check.equal(c:marquee() ~= nil, true, string.format("round %d press (%g, %g): a marquee", round, x, y))
      c:pointer_cancel(x, y, t + 10)
    end
  end
end
check.equal(cluster_presses > 40, true, "presses landed on clusters")

return {items = 0}
