-- expect: margins {top=1e+308, leading=1e+308, bottom=1e+308, trailing=1e+308} around a cluster of 10.0 × 28.0 make a content size past the finite range
return {items = 2, item_size = {10, 10}, margins = 1e308}
