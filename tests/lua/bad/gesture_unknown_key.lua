-- expect: gestures[1].key: expected left, right, up, down, page_up, page_down, home, end or delete, got tab
return {items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100}, gestures = {{"key", key = "tab"}}}
