-- Interned string ids and edits (issue 12): c:insert keeps its new ids once the engine took
-- them, a failed insert keeps none, undo brings a removed id back by name, and set_items
-- forgets the ids that left.
local canvas = require "canvas"
local c = canvas.new{layout = "free", items = {{id = "a", x = 0, y = 0, width = 10, height = 10}}}
c:insert({{id = "b", x = 20, y = 0, width = 10, height = 10}})
assert(not pcall(c.insert, c, {{id = "z", x = 0, y = 0, width = -1, height = 1}}))
c:remove{"a"}
c:undo()
c:resolve()
local r = c:result()
local ids = {}
for i, item in ipairs(r.items) do ids[i] = item.id end
assert(table.concat(ids, ",") == "a,b", table.concat(ids, ","))
c:move("b", 5, 5)
c:set_items{{id = "c", x = 0, y = 0, width = 1, height = 1}}
assert(not pcall(c.move, c, "b", 1, 1))
return {items = 0}
