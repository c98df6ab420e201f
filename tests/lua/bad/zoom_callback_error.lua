-- expect: zoom_callback_error.lua:6: the label cache is full at zoom 2.0
-- expect: stack traceback:
return {items = 4, item_size = {50, 50},
  zoom = {scale = 2},
  on_zoom = function(scale)
    error("the label cache is full at zoom " .. scale)
  end}
