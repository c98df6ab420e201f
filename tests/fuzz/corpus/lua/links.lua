return {items = {{id = "a", x = 0, y = 0, width = 40, height = 30}, {id = 2, x = 60, y = 10, width = 20, height = 20},
                 {id = "c", x = -30, y = 80, width = 1, height = 1}, {id = 1, x = 90, y = 90, width = 5, height = 5}},
        layout = "free", viewport = {width = 120, height = 90}, lod = {min_size = 8}, tool = "select",
        links = {{from = "a", to = 2}, {id = 9, from = 2, to = "c", style = "curve", from_side = "bottom", to_side = "top"},
                 {from = "c", to = "a", style = "step", from_side = "leading", to_side = "trailing"}, {from = 1, to = "a"}}}
