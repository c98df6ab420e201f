-- expect: cannot move id 2: its frame {x=1.6e+308, y=0.0, width=10.0, height=10.0} would place the items too far apart to measure
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}, {id = 2, x = 20, y = 0, width = 10, height = 10}}}
local ok, err = pcall(c.insert, c, {{id = 9, x = 1e308, y = 0, width = 1e308, height = 1}})
assert(not ok and err:find("cannot insert id 9", 1, true), err)
c:move(1, -1.6e308, 0)
c:move(2, 1.6e308, 0)
