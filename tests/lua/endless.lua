-- Loops until interrupted: tests/lua/run sends it Ctrl-C once it says so.
io.stderr:write("looping\n")
while true do end
