-- expect: content_anchor: unknown anchor 'middle'
return {items = 1, item_size = {1, 1}, content_anchor = "middle"}
