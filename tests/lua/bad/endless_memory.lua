-- args: --max-memory 64M
-- expect: not enough memory
local t = {}
while true do t[#t + 1] = string.rep("x", 4096) .. #t end
