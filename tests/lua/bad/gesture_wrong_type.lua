-- expect: gestures[1].scale: expected a number, got string
return {items = 4, item_size = {50, 50}, gestures = {{"changed", scale = "big"}}}
