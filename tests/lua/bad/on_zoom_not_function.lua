-- expect: on_zoom: expected a function(scale), got table
return {items = 4, item_size = {50, 50}, on_zoom = {}}
