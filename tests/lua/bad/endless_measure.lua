-- args: --max-instructions 2000000
-- expect: instruction limit exceeded
return {items = 3, measure = function() while true do end end}
