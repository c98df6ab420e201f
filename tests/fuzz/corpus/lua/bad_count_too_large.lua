-- expect: items: 100000000000 items is more than the
return {items = 100000000000, item_size = {1, 1}}
