-- expect: links[2].to: no item has id d
return {items = {{id = "a", width = 10, height = 10}, {id = "b", width = 10, height = 10}},
        links = {{from = "a", to = "b"}, {from = "b", to = "d"}}}
