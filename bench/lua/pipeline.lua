-- The whole pipeline written in plain Lua: place, check and normalize,
-- mirror, content size, anchor, then cull to the viewport by a scan, the
-- engine's arithmetic in the engine's order. Run as: lua5.4 pipeline.lua COUNT REPS
local here = arg[0]:match("^(.*)/") or "."
local common = dofile(here .. "/common.lua")
collectgarbage("generational")  -- as canvas-lua runs scripts

local count, reps = tonumber(arg[1]) or 100000, tonumber(arg[2]) or 5
local scene = common.scene(count)
local place = common.ring(scene.radius)
local rtl = false
local anchor_x, anchor_y = 0.5, 0.5

local function resolve_and_cull(items)
  local frames = place(items, {})
  assert(#frames == #items, "wrong number of frames")
  -- Check and find the cluster.
  local min_x, min_y, max_x, max_y = math.huge, math.huge, -math.huge, -math.huge
  for i = 1, #frames do
    local f = frames[i]
    local x, y, w, h = f.x, f.y, f.width, f.height
    if x ~= x or y ~= y or w ~= w or h ~= h or w < 0 or h < 0 then error("bad frame " .. i) end
    if x < min_x then min_x = x end
    if y < min_y then min_y = y end
    if x + w > max_x then max_x = x + w end
    if y + h > max_y then max_y = y + h end
  end
  local cluster_w, cluster_h = max_x - min_x, max_y - min_y
  -- Content size (automatic) and the anchored origin.
  local m = scene.margins
  local content_w, content_h = cluster_w + (m + m), cluster_h + (m + m)
  local ax = rtl and 1 - anchor_x or anchor_x
  local origin_x = m + math.max(0, (content_w - (m + m)) - cluster_w) * ax
  local origin_y = m + math.max(0, (content_h - (m + m)) - cluster_h) * anchor_y
  -- Normalize, mirror, anchor.
  for i = 1, #frames do
    local f = frames[i]
    local nx = f.x - min_x
    if rtl then nx = cluster_w - (nx + f.width) end
    f.x = origin_x + nx
    f.y = origin_y + (f.y - min_y)
  end
  -- The viewport opens at the top middle; cull what meets it plus overscan.
  local v = scene.viewport
  local vx = math.max(0, content_w - v.width) * 0.5
  local left, top = vx - v.overscan, 0 - v.overscan
  local right, bottom = vx + v.width + v.overscan, v.height + v.overscan
  local visible = {}
  for i = 1, #frames do
    local f = frames[i]
    if f.x < right and left < f.x + f.width and f.y < bottom and top < f.y + f.height
       and f.width > 0 and f.height > 0 then
      visible[#visible + 1] = items[i].id
    end
  end
  return frames, visible
end

local items = common.items(scene)
local frames, visible
local times = common.time(reps, function() frames, visible = resolve_and_cull(items) end)
local sum = 0
for _, f in ipairs(frames) do sum = sum + f.x + 2 * f.y end
io.stderr:write(string.format('{"check": {"frames": %d, "checksum": "%.17g", "visible": [%s]}}\n',
  #frames, sum, table.concat(visible, ",")))
common.report{pipeline = times}
