-- expect: place: frame 1: missing field 'height'
return {items = 2, item_size = {10, 10},
  layout = function() return {{x = 0, y = 0, width = 1}, {x = 0, y = 0, width = 1, height = 1}} end}
