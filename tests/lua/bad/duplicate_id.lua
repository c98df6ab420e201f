-- expect: items[3].id: duplicate id 7 (also the id of items[1])
return {items = {{id = 7, width = 1, height = 1}, {id = 8, width = 1, height = 1}, {id = 7, width = 1, height = 1}}}
