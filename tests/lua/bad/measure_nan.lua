-- expect: measure: items[1].height: expected a finite number, got nan
-- expect: stack traceback:
return {items = 2, measure = function(item) return 10, 0 / 0 end}
