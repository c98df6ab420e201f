-- expect: negative_columns.lua:2: layout (grid).columns: expected a non-negative integer, got -2
return {items = 3, item_size = {10, 10}, layout = canvas.grid{columns = -2}}
