-- The ring from Lua end to end through canvas-lua: place in Lua, then the
-- engine (normalize, mirror, anchor, index, cull) and the visible ids back,
-- printing nothing. Run as: canvas-lua --max-instructions 0 canvas_e2e.lua COUNT REPS
-- Times go to stderr as JSON; the description it returns has no items.
local canvas = require "canvas"
local here = arg[0]:match("^(.*)/") or "."
local common = dofile(here .. "/common.lua")

local count, reps = tonumber(arg[1]) or 100000, tonumber(arg[2]) or 5
local scene = common.scene(count)
local description = {
  items = count,
  item_size = {scene.size, scene.size},
  layout = common.ring(scene.radius),
  margins = scene.margins,
  viewport = {width = scene.viewport.width, height = scene.viewport.height, overscan = scene.viewport.overscan},
  initial_anchor = "top",
}

local visible
local times = common.time(reps, function()
  local c = canvas.new(description)
  visible = c:visible()
  c:close()
end)

-- The check, untimed: the frames' checksum and the visible ids.
local c = canvas.new(description)
local result = c:result()
local sum = 0
for _, item in ipairs(result.items) do sum = sum + item.x + 2 * item.y end
c:close()
io.stderr:write(string.format('{"check": {"frames": %d, "checksum": "%.17g", "visible": [%s]}}\n',
  #result.items, sum, table.concat(visible, ",")))
common.report{canvas = times}
return {items = 0}
