-- expect: items: expected a count of at least 0, got -4
return {items = -4, item_size = {1, 1}}
