-- expect: description: unknown key 'layuot'
return {items = 1, item_size = {1, 1}, layuot = "grid"}
