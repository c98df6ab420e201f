-- expect: lod: unknown key 'size'
return {items = 4, item_size = {50, 50}, viewport = {width = 100, height = 100}, lod = {size = 3}}
