-- A duplicate string id among inserted items is named by the script's id,
-- not the engine's ("duplicate id 9223372036854775808 among the inserted items").
-- expect: items[3].id: duplicate id b (also the id of items[1])
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = "a", width = 1, height = 1}}}
c:insert{{id = "b", width = 1, height = 1}, {id = "c", width = 1, height = 1}, {id = "b", width = 1, height = 1}}
