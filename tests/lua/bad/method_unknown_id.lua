-- expect: method_unknown_id.lua:4: no item has id card-9
local canvas = require "canvas"
local c = canvas.new{items = {{id = "card-1", width = 50, height = 50}}, viewport = {width = 60, height = 60}}
c:scroll_to("card-9", "center")
