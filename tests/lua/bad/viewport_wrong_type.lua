-- expect: viewport.width: expected a number, got string
return {items = 4, item_size = {50, 50}, viewport = {width = "300", height = 200}}
