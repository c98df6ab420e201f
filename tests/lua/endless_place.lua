-- A place function that loops until interrupted: tests/lua/run sends it
-- Ctrl-C, once it says so, while the engine is inside canvas_resolve.
return {items = 3, item_size = {10, 10}, layout = function()
  io.stderr:write("looping\n")
  while true do end
end}
