-- args: --max-instructions 1000000
-- expect: instruction limit exceeded
for _ = 1, 300 do pcall(function() while true do end end) end
return {items = 1, item_size = {1, 1}}
