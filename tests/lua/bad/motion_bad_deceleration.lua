-- expect: motion.deceleration: expected a rate between 0 and 1 (exclusive), got 1.5
return {items = 40, item_size = {50, 50}, motion = {deceleration = 1.5}}
