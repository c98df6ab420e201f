-- expect: lua_error.lua:4: attempt to index a nil value
-- expect: stack traceback:
local t = nil
return {items = t.x}
