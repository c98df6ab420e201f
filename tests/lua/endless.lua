-- Loops until interrupted: tests/lua/run sends it Ctrl-C.
while true do end
