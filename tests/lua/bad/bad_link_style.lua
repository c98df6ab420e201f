-- expect: links[1].style: expected "straight", "step" or "curve", got string "dashed"
return {items = 2, item_size = {10, 10}, links = {{from = 1, to = 2, style = "dashed"}}}
