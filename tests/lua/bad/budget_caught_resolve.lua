-- args: --max-instructions 2000000
-- expect: instruction limit exceeded
local canvas = require "canvas"
local endless = {items = 3, item_size = {10, 10}, layout = function() while true do end end}
for _ = 1, 100 do pcall(canvas.resolve, endless) end
return {items = 1, item_size = {1, 1}}
