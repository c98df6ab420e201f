-- A run as the first gesture counts its frames from the engine's clock: a
-- billion frames is refused before anything plays (it used to run uncapped).
-- expect: gestures[1] (run): the replay's runs make more than a million frames
return {items = 4, item_size = {50, 50}, viewport = {width = 100, height = 100},
        gestures = {{"run", to = 1e9, every = 1}}}
