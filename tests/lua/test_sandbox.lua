-- args: --sandbox
-- What a sandboxed script keeps: the pure libraries, the clocks, text load,
-- and the canvas module.
local canvas = require "canvas"
assert(type(os.clock()) == "number" and type(os.time()) == "number", "os clocks")
assert(load("return 1 + 1")() == 2, "text chunks load")
assert(string.rep("a", 3) == "aaa" and math.floor(2.5) == 2 and table.concat({1, 2}) == "12", "pure libraries")
local ok, message = pcall(function() return io.write end)
assert(not ok and message:find("io.write is not available in the sandbox", 1, true), "io refused: " .. tostring(message))
-- os.getenv reads as nil, so a script that runs either way can test for it; the rest of os refuses.
assert(os.getenv == nil, "os.getenv reads as nil in the sandbox")
local home = os.getenv and os.getenv("HOME") or "none"
assert(home == "none", "the fallback is taken")
ok, message = pcall(function() return os.execute end)
assert(not ok and message:find("os.execute is not available in the sandbox", 1, true), "os.execute refused: " .. tostring(message))
local r = canvas.resolve{items = 2, item_size = {1, 1}}
assert(#r.items == 2, "canvas works in the sandbox")
return {items = 0}
