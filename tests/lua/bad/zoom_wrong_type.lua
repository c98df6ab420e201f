-- expect: zoom.scale: expected a number, got string
return {items = 4, item_size = {50, 50}, zoom = {scale = "2"}}
