-- args: --max-instructions 2000000
-- expect: instruction limit exceeded
local worker = coroutine.wrap(function() while true do pcall(function() while true do end end) coroutine.yield() end end)
while true do pcall(worker) coroutine.resume(coroutine.create(function() while true do end end)) end
