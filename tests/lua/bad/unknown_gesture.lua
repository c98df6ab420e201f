-- expect: gestures[2]: unknown gesture 'swipe' (expected began, changed, ended, cancelled, failed, tap, select, down, move, up, cancel, fling, wheel, crown, key, tick, run, scroll_to or zoom_to_fit)
return {items = 4, item_size = {50, 50}, gestures = {{"began"}, {"swipe"}}}
