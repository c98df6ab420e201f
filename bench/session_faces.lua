-- The session benchmark's pan and level-of-detail phases through a Lua face
-- (scripts/bench-session): `lua5.4 bench/session_faces.lua canvas FILE N X Y FIT`
-- for the Lua 5.4 module, `luajit ... canvas.ffi ...` for canvas.ffi. FILE holds
-- bench/session.c's cards (N * 4 doubles: x, y, width, height); X, Y the
-- viewport's opening offset; FIT the fitted zoom. A frame is the host's input,
-- c:tick(t), and c:visible_items() (and c:clusters()) when c:publish_count()
-- moved. Prints a JSON line per phase, times in microseconds (os.clock).
local module, path, n, x, y, fit = arg[1], arg[2], tonumber(arg[3]), tonumber(arg[4]), tonumber(arg[5]), tonumber(arg[6])
local budget = tonumber(os.getenv("SESSION_BUDGET") or "10")
local canvas = require(module)

local items = {}
do
  local file = assert(io.open(path, "rb"))
  local data = file:read("a")
  file:close()
  if jit then
    local ffi = require "ffi"
    local d = ffi.cast("const double *", data)
    for i = 1, n do
      local k = 4 * (i - 1)
      items[i] = {id = i, x = d[k], y = d[k + 1], width = d[k + 2], height = d[k + 3]}
    end
  else
    local pos = 1
    for i = 1, n do
      local a, b, c, e
      a, b, c, e, pos = string.unpack("<dddd", data, pos)
      items[i] = {id = i, x = a, y = b, width = c, height = e}
    end
  end
end

local clock = os.clock
local opened = clock()
local c = canvas.new{layout = "free", items = items, viewport = {width = 1280, height = 800, x = x, y = y},
                     zoom = {axis = "both", min = fit, max = 8}, lod = {}}
local open_s = clock() - opened
items = nil
collectgarbage()

local t, last = 1000, c:publish_count()
local function frame(input, lod)
  t = t + 1000 / 60
  local start = clock()
  if input then input() end
  local tick = c:tick(t)
  local count = c:publish_count()
  if count ~= last then
    last = count
    c:visible_items()
    if lod then c:clusters() end
  end
  return clock() - start, tick
end

local function report(name, times, planned, capped)
  table.sort(times)
  local function at(p) return #times > 0 and times[math.floor(p * (#times - 1)) + 1] * 1e6 or 0 end
  print(string.format('{"face": "%s", "phase": "%s", "frames": %d, "planned": %d, "capped": %s, "p50_us": %.2f, ' ..
                      '"p95_us": %.2f, "p99_us": %.2f, "max_us": %.2f, "open_s": %.3f}',
                      module, name, #times, planned, tostring(capped), at(0.5), at(0.95), at(0.99),
                      #times > 0 and times[#times] * 1e6 or 0, open_s))
  io.stdout:flush()
end

-- A drag of 60 moves, its release and the fling to rest, within the budget.
local function drag(name, dx, dy, lod)
  local times, started, capped, tick = {}, clock(), false, {active = false}
  local px, py = 640, 400
  for i = 0, 61 + 600 do
    local input
    if i == 0 then input = function() c:pointer_down(px, py, t) end
    elseif i <= 60 then input = function() c:pointer_move(px + dx * i, py + dy * i, t) end
    elseif i == 61 then input = function() c:pointer_up(px + dx * 60, py + dy * 60, t) end
    elseif not tick.active then break end
    local seconds
    seconds, tick = frame(input, lod)
    times[#times + 1] = seconds
    if clock() - started > budget then capped = true break end
  end
  report(name, times, capped and 662 or #times, capped)
  c:pointer_down(1, 1, t); c:pointer_cancel(1, 1, t)  -- stop what still moves
end

drag("drag-pan and fling at zoom 1", -12, -8, true)
c:set_zoom(fit)
c:tick(t)
last = c:publish_count()
drag("pan at the fitted zoom (LOD)", 6, 4, true)
return {items = 0}
