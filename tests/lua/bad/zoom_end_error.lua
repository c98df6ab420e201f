-- expect: zoom_end_error.lua:6: pinch ended badly
-- expect: stack traceback:
return {items = 4, item_size = {50, 50},
  gestures = {{"began"}, {"changed", scale = 2}, {"ended"}},
  on_zoom_end = function()
    error("pinch ended badly")
  end}
