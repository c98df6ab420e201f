-- args: --max-time 0.3 --max-instructions 0
-- expect: time limit exceeded
while true do pcall(function() while true do local s = string.rep("x", 1 << 20) end end) end
