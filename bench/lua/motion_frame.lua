-- A host's frame through Lua while the engine moves the viewport: the
-- frame's input, c:tick(t), then c:visible_items() (the table a frame
-- draws), at 120 Hz on the host's clock. The scene and the input are
-- bench/frame.c's: COUNT items of 80 x 60 in a flow layout (spacing 8), a
-- 1280 x 800 viewport (overscan 128).
--   fling  from (200, 200), eight flings of 3 pt/ms, each started when the
--          last has stopped: c:fling(vx, vy, t) then c:tick(t) on its first
--          frame, c:tick(t) alone after, until the tick is no longer active.
--   pinch  at the viewport's center, the scale moving 1% a frame between
--          0.7 and 1.4: c:pinch("changed", scale, 2, x, y), then c:tick(t).
-- Run as: canvas-lua --max-instructions 0 motion_frame.lua COUNT RUNS, or
-- with stock lua5.4 and canvas.so on package.cpath (require "canvas").
-- One untimed run first, then RUNS runs. CPU time (os.clock) of each frame
-- and of each run's whole frame loop go to stderr as one JSON line:
-- {"fling": {"means": [s, ...], "p50": s, "p99": s, "frames": n, "items": n, "bouncing": n}, "pinch": {...}}
local canvas = require "canvas"
collectgarbage("generational")  -- as canvas-lua runs scripts

local count, runs = tonumber(arg[1]) or 1000, tonumber(arg[2]) or 5
local frame_ms = 1000 / 120
local c = canvas.new{
  items = count,
  item_size = {80, 60},
  layout = canvas.flow{h_spacing = 8, v_spacing = 8, alignment = "center"},
  viewport = {width = 1280, height = 800, overscan = 128},
}
local clock = os.clock
local t = 0  -- the host's clock, ms: never goes back

local directions = {{-1, -1}, {1, 1}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, 1}, {1, -1}}

-- Returns the run's frame loop time, and appends each frame's time to frames.
local function fling(frames, stats)
  c:set_zoom(1)
  c:set_viewport{x = 200, y = 200}
  local start = clock()
  for d = 1, #directions do
    local dx, dy = directions[d][1], directions[d][2]
    local norm = math.sqrt(dx * dx + dy * dy)
    local first, tick = true, nil
    repeat
      t = t + frame_ms
      local at = clock()
      if first then c:fling(3 * dx / norm, 3 * dy / norm, t) end
      tick = c:tick(t)
      local items = c:visible_items()
      frames[#frames + 1] = clock() - at
      stats.items = stats.items + #items
      if tick.phase == "bouncing" then stats.bouncing = stats.bouncing + 1 end
      first = false
    until not tick.active
  end
  return clock() - start
end

local function pinch(frames, stats)
  c:set_zoom(1)
  local x, y = 640, 400
  c:pinch("began", 1, 2, x, y)
  local scale, factor = 1, 1.01
  local start = clock()
  for _ = 1, 2000 do
    scale = scale * factor
    if scale > 1.4 or scale < 0.7 then factor = 1 / factor; scale = scale * factor * factor end
    t = t + frame_ms
    local at = clock()
    c:pinch("changed", scale, 2, x, y)
    c:tick(t)
    local items = c:visible_items()
    frames[#frames + 1] = clock() - at
    stats.items = stats.items + #items
  end
  local elapsed = clock() - start
  c:pinch("ended", scale, 2, x, y)
  return elapsed
end

local modes = {fling = fling, pinch = pinch}
local order = {"fling", "pinch"}
local results = {}
for _, name in ipairs(order) do results[name] = {means = {}, frames = {}, items = 0, bouncing = 0} end
for run = 0, runs do
  for k = 1, #order do
    local name = order[(k + run) % #order + 1]  -- rotate which goes first
    local r = results[name]
    if run == 0 then
      modes[name]({}, {items = 0, bouncing = 0})  -- warm-up, untimed
    else
      local frames = {}
      local elapsed = modes[name](frames, r)
      r.means[#r.means + 1] = elapsed / #frames
      table.move(frames, 1, #frames, #r.frames + 1, r.frames)
    end
  end
end

local function at(sorted, p) return sorted[math.floor(p * (#sorted - 1)) + 1] end
local parts = {}
for _, name in ipairs(order) do
  local r = results[name]
  table.sort(r.frames)
  local means = {}
  for i, m in ipairs(r.means) do means[i] = string.format("%.9g", m) end
  parts[#parts + 1] = string.format(
    '"%s": {"means": [%s], "p50": %.9g, "p99": %.9g, "frames": %d, "items": %.1f, "bouncing": %d}',
    name, table.concat(means, ", "), at(r.frames, 0.5), at(r.frames, 0.99), #r.frames // runs,
    r.items / #r.frames, r.bouncing // runs)
end
io.stderr:write("{" .. table.concat(parts, ", ") .. "}\n")
c:close()
return {items = 0}
