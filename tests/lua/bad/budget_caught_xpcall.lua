-- args: --max-instructions 2000000
-- expect: instruction limit exceeded
while true do xpcall(function() while true do end end, function(m) while true do end end) end
