-- expect: overscan 9e+307 around a 100.0 × 100.0 viewport is past the finite range
return {items = 2, item_size = {10, 10}, viewport = {width = 100, height = 100, overscan = 9e307}}
