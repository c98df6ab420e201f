-- expect: items[4].id: duplicate id b (also the id of items[2])
local canvas = require "canvas"
local c = canvas.new{items = 0}
c:set_items{{id = "a", width = 1, height = 1}, {id = "b", width = 1, height = 1}, {id = "c", width = 1, height = 1}, {id = "b", width = 1, height = 1}}
