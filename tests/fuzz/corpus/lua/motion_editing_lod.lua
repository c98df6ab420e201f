return {items = {{id = "a", x = 0, y = 0, width = 40, height = 30}, {id = 2, x = 60, y = 10, width = 20, height = 20},
                 {id = "c", x = -30, y = 80, width = 1, height = 1}},
        layout = "free", viewport = {width = 120, height = 90}, zoom = {min = 0.1, max = 8},
        motion = {bounce = "always", deceleration = 0.99}, lod = {min_size = 8}, tool = "select",
        snap = {grid = 10}, trace = true,
        gestures = {{"down", x = 10, y = 10, t = 0}, {"move", x = 50, y = 20, t = 16}, {"up", x = 90, y = 20, t = 32},
                    {"run", to = 400, every = 16}, {"wheel", dy = 40, ctrl = true}, {"crown", delta = 12},
                    {"key", key = "delete"}, {"undo"}, {"redo"}, {"scroll_to", id = 2}, {"zoom_to_fit", animated = true},
                    {"tick", t = 900}}}
