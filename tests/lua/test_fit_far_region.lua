-- An animated zoom to fit of a 1e10-point region with limits 1e-10…10 (issue
-- 21, item 6: its smooth path once ended in NaN behind status OK). The engine
-- either refuses it, naming the fit and changing nothing, or plays it with
-- every tick finite and ends at the fitted zoom.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function finite(x) return x == x and x > -math.huge and x < math.huge end

for _, layout in ipairs{"free", "flow"} do
  local description = {items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}, layout = layout,
                       viewport = {width = 100, height = 100}, zoom = {min = 1e-10, max = 10, axis = "both"}}
  local c = canvas.new(description)
  local region = {x = 0, y = 0, width = 1e10, height = 1e10}
  local ok, err = pcall(c.zoom_to_fit, c, {region = region, animated = true, t = 0})
  if not ok then
    check.equal(tostring(err):find("animated zoom to fit", 1, true) ~= nil, true, layout .. ": the refusal names the fit")
    check.equal(c:zoom(), 1, layout .. ": a refused fit changes nothing")
  end
  for t = 0, 2000, 25 do
    c:tick(t)
    local v = c:viewport()
    check.equal(finite(c:zoom()) and finite(v.x) and finite(v.y), true, layout .. ": finite at " .. t .. " ms")
  end
  if ok then check.close(c:zoom(), 1e-8, layout .. ": the animated fit ends at the fitted zoom", 1e-20) end
  local fresh = canvas.new(description)
  fresh:zoom_to_fit{region = region, t = 0}
  check.close(fresh:zoom(), 1e-8, layout .. ": the same fit at once", 1e-20)
end
return {items = 0}
