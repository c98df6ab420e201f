-- args: --max-instructions 2000000
-- expect: instruction limit exceeded
return {items = 3, item_size = {10, 10}, layout = function() while true do pcall(function() while true do end end) end end}
