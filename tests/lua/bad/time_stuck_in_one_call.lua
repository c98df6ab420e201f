-- args: --max-time 0.3
-- expect: time limit exceeded (0.3 s of CPU time; raise it with --max-time)
local s = string.rep("a", 30000)
return s:find(string.rep("a*", 30) .. "b")
