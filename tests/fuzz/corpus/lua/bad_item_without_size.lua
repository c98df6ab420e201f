-- expect: items[1]: item has no size
return {items = {{id = "a", width = 1}}}
