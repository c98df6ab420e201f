-- expect: place_error.lua:4: attempt to perform arithmetic
-- expect: stack traceback:
return {items = 2, item_size = {1, 1}, layout = function(items)
  return items + 1
end}
