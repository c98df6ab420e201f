-- args: --sandbox
-- What a sandboxed script keeps: the pure libraries, the clocks, text load,
-- and the canvas module.
local canvas = require "canvas"
assert(type(os.clock()) == "number" and type(os.time()) == "number", "os clocks")
assert(load("return 1 + 1")() == 2, "text chunks load")
assert(string.rep("a", 3) == "aaa" and math.floor(2.5) == 2 and table.concat({1, 2}) == "12", "pure libraries")
local ok, message = pcall(function() return io.write end)
assert(not ok and message:find("io.write is not available in the sandbox", 1, true), "io refused: " .. tostring(message))
local r = canvas.resolve{items = 2, item_size = {1, 1}}
assert(#r.items == 2, "canvas works in the sandbox")
return {items = 0}
