-- expect: zoom scale 1e+308: the content (10.0 × 28.0) zoomed by 1e+308 is past the finite range
return {items = 2, item_size = {10, 10}, zoom = {scale = 1e308, max = 1e308}, viewport = {width = 100, height = 100}}
