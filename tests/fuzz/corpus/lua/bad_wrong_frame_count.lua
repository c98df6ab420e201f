-- expect: place: returned 1 frames for 3 items
return {items = 3, item_size = {10, 10}, layout = function() return {{x = 0, y = 0, width = 1, height = 1}} end}
