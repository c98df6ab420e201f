-- expect: gestures[2]: unknown gesture 'swipe' (expected began, changed, ended, cancelled, failed, tap or select)
return {items = 4, item_size = {50, 50}, gestures = {{"began"}, {"swipe"}}}
