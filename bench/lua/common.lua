-- What the scripting benches share: the scene, the clock and the report.
--
-- The scene: COUNT items of 80 x 80 on a ring whose circumference gives each
-- about 88 points, margins 40, centered content, and a 1280 x 800 viewport
-- (overscan 128) opened at the top middle, where the ring passes.
local common = {}

local here = (arg and arg[0] or ""):match("^(.*)/") or "."
common.ring = dofile(here .. "/ring.lua")

function common.scene(count)
  return {
    count = count,
    radius = count * 88 / (2 * math.pi),
    size = 80,
    margins = 40,
    viewport = {width = 1280, height = 800, overscan = 128},
  }
end

-- The items as the binding hands them to place.
function common.items(scene)
  local items = {}
  for i = 1, scene.count do
    items[i] = {index = i, id = i, width = scene.size, height = scene.size}
  end
  return items
end

-- Runs body `reps` times after one warm-up; returns the CPU seconds of each.
function common.time(reps, body)
  body()
  local times = {}
  for r = 1, reps do
    collectgarbage("collect")
    local start = os.clock()
    body()
    times[r] = os.clock() - start
  end
  return times
end

-- Prints {"name": [seconds, ...], ...} on one line to stderr (stdout is
-- canvas-lua's).
function common.report(results)
  local parts = {}
  for name, times in pairs(results) do
    local values = {}
    for i, t in ipairs(times) do values[i] = string.format("%.9g", t) end
    parts[#parts + 1] = string.format('"%s": [%s]', name, table.concat(values, ", "))
  end
  io.stderr:write("{" .. table.concat(parts, ", ") .. "}\n")
end

return common
