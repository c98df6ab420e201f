-- args: --max-time 0.5
-- expect: time limit exceeded (0.5 s of CPU time; raise it with --max-time)
while true do local s = string.rep("x", 1 << 24) end
