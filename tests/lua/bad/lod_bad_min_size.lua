-- expect: lod: min_size and cell must be positive numbers
return {items = 4, item_size = {50, 50}, viewport = {width = 100, height = 100}, lod = {min_size = 0}}
