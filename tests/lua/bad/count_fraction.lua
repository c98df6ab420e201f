-- expect: items: expected a count (a whole number of at least 0) or an array of {id=, width=, height=}, got number 2.5
return {items = 2.5, item_size = {10, 10}}
