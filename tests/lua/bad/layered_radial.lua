-- expect: layout (layered).direction: expected "down" or "right", got string "radial"
return {items = 4, item_size = {50, 50}, layout = {kind = "layered", direction = "radial"}}
