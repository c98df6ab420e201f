-- expect: motion.bounce: expected "automatic", "always", "based_on_size" or "never", got sometimes
return {items = 40, item_size = {50, 50}, viewport = {width = 100, height = 100}, motion = {bounce = "sometimes"}}
