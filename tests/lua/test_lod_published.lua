-- Issue 21 item 8: after edits on a free canvas with level of detail on,
-- the published answer (c:visible(), c:clusters()) equals a fresh
-- c:visible_lod with the same settings. A resize that took a clustered
-- item past min_size once left the published answer stale (the quick path
-- after moves only looked at items entering or leaving the culling rect).
-- Randomized, fixed seeds; sizes on both sides of min_size at this zoom.
local canvas = require "canvas"

local function key(items, clusters)
  local t = {}
  for _, it in ipairs(items) do t[#t + 1] = tostring(type(it) == "table" and it.id or it) end
  t[#t + 1] = "|"
  for _, cl in ipairs(clusters) do
    t[#t + 1] = string.format("%s:%d:%g,%g,%g,%g", cl.id, cl.count, cl.x, cl.y, cl.width, cl.height)
  end
  return table.concat(t, " ")
end

for _, seed in ipairs{7, 21, 99} do
  local state = seed
  local function rnd()
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  end
  local items = {}
  for i = 1, 300 do
    items[i] = {id = i, x = rnd() * 1500 - 200, y = rnd() * 1500 - 200, width = 1 + rnd() * 30, height = 1 + rnd() * 30}
  end
  local c = canvas.new{layout = "free", viewport = {width = 100, height = 100}, items = items,
    zoom = {axis = "both", min = 0.01, scale = 0.1}, lod = {min_size = 2, cell = 16}}
  local next_id = 301
  for step = 1, 120 do
    local kind = step % 4
    local id = 1 + math.floor(rnd() * 300)
    local side = rnd() < 0.5 and 1 + rnd() * 18 or 20 + rnd() * 40  -- below or above 2 points at 0.1
    local ok = pcall(function()
      if kind == 0 then
        c:set_frame(id, {x = rnd() * 1000, y = rnd() * 1000, width = side, height = side})
      elseif kind == 1 then
        if rnd() < 0.5 then c:undo() else c:remove{id} end
      elseif kind == 2 then
        c:move(id, rnd() * 1000, rnd() * 1000)
      else
        c:insert({{id = next_id, x = rnd() * 1000, y = rnd() * 1000, width = side, height = side}})
        next_id = next_id + 1
      end
    end)
    if ok then
      local fresh = c:visible_lod{min_size = 2, cell = 16}
      local f, p = key(fresh.items, fresh.clusters), key(c:visible(), c:clusters())
      if f ~= p then
        error(string.format("seed %d step %d: published differs from fresh\n fresh %s\n published %s", seed, step, f, p))
      end
    end
  end
end

return {items = 0}
