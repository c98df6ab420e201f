-- expect: links[3].id: duplicate link id 5 (also the id of links[1])
return {items = 3, item_size = {10, 10}, links = {{id = 5, from = 1, to = 2}, {from = 2, to = 3}, {id = 5, from = 3, to = 1}}}
