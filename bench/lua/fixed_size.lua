-- n items of one fixed size through canvas-lua, as a Lua user writes them
-- (bench/scale.py: peak memory per item at ten million). Prints nothing to
-- stdout: the description is never returned, so no JSON of n frames is written.
-- Usage: canvas-lua --max-memory 0 --max-time 0 bench/lua/fixed_size.lua N [baseline]
local canvas = require "canvas"
local n = tonumber(arg[1]) or 10000000
if arg[2] ~= "baseline" then
  local c = canvas.new{items = n, item_size = {80, 60}, layout = canvas.flow{}}
  assert(c:count() == n)
end
local status = assert(io.open("/proc/self/status"))
for line in status:lines() do
  local kib = line:match("^VmHWM:%s*(%d+)")
  if kib then io.stderr:write(kib, "\n") end
end
status:close()
os.exit(0)
