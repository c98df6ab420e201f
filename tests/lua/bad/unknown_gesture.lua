-- expect: gestures[2]: unknown gesture 'swipe' (expected began, changed, ended, cancelled, failed, tap, select, down, move, up, cancel, fling, wheel, crown, key, tick, run, scroll_to, zoom_to_fit, undo or redo)
return {items = 4, item_size = {50, 50}, gestures = {{"began"}, {"swipe"}}}
