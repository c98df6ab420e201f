-- The frame cap covers the whole replay: two runs of 600,000 frames each.
-- expect: gestures[3] (run): the replay's runs make more than a million frames
return {items = 4, item_size = {50, 50}, viewport = {width = 100, height = 100},
        gestures = {{"tick", t = 0}, {"run", to = 600000, every = 1}, {"run", to = 1200000, every = 1}}}
