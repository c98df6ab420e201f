-- args: --svg /nonexistent-folder/zoom.svg
-- expect: zoom_error_with_svg.lua:6: no zoom for you
-- expect: stack traceback:
return {items = 2, item_size = {10, 10}, zoom = {scale = 2},
  on_zoom = function(scale)
    if scale == 2 then error("no zoom for you") end
  end}
