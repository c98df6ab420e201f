-- check.lua: tiny assertions for the Lua tests, loaded with dofile.
local check = {}

function check.close(actual, expected, what, tolerance)
  tolerance = tolerance or 1e-9
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    error(string.format("%s: expected %s, got %s", what, tostring(expected), tostring(actual)), 2)
  end
end

function check.equal(actual, expected, what)
  if actual ~= expected then
    error(string.format("%s: expected %s, got %s", what, tostring(expected), tostring(actual)), 2)
  end
end

function check.rect(actual, x, y, width, height, what)
  for key, value in pairs{x = x, y = y, width = width, height = height} do
    check.close(actual[key], value, what .. "." .. key)
  end
end

-- Runs fn expecting an error whose message contains `fragment` (plain text).
function check.fails(fn, fragment, what)
  local ok, message = pcall(fn)
  if ok then error(what .. ": expected an error", 2) end
  if not tostring(message):find(fragment, 1, true) then
    error(string.format("%s: expected an error containing %q, got %q", what, fragment, tostring(message)), 2)
  end
end

return check
