-- expect: measure_error.lua:5: cannot measure item b
-- expect: stack traceback:
return {items = {{id = "a"}, {id = "b"}},
  measure = function(item)
    if item.id == "b" then error("cannot measure item " .. item.id) end
    return 10, 10
  end}
