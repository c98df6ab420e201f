-- expect: links[1]: from and to are the same item (1): a link joins two items
return {items = 2, item_size = {10, 10}, links = {{from = 1, to = 1}}}
