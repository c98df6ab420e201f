-- expect: measure_nil.lua:4: measure: items[3].width: expected a number, got nil
-- expect: stack traceback:
return {items = 3,
  measure = function(item)
    if item.index < 3 then return 10, 10 end
  end}
