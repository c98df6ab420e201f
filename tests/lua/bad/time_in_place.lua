-- args: --max-time 0.3
-- expect: time limit exceeded
return {items = 3, item_size = {10, 10}, layout = function() while true do local s = ("x"):rep(1 << 22) end end}
