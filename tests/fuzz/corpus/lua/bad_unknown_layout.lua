-- expect: layout: unknown layout 'flw'
return {items = 3, item_size = {10, 10}, layout = "flw"}
