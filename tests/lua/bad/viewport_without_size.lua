-- expect: viewport: missing field 'height' (a viewport needs width and height)
return {items = 4, item_size = {50, 50}, viewport = {width = 300, x = 10}}
