-- expect: items: expected a count (a whole number of at least 0) or an array of {id=, width=, height=}, got string "12"
return {items = "12", item_size = {10, 10}}
