-- Sizing by measuring: measure, estimated_item_size, steps in chunks, the
-- cache by id across set_items, and the errors a measure function can make.
local canvas = require "canvas"
local check = dofile((arg[0]:match("(.*/)") or "") .. "check.lua")

local function ids(list) return table.concat(list, ",") end

-- A measure function that records its calls; item i (1-based position) is
-- 10*i wide and 5 high.
local calls, proposals = {}, {}
local function measure(item, proposal_width)
  calls[#calls + 1] = item.id
  proposals[#proposals + 1] = proposal_width == nil and "open" or proposal_width
  return 10 * item.index, 5
end
local function reset() calls, proposals = {}, {} end
local row = canvas.flow{max_width = 1000, alignment = "top"}

-- Entries without sizes; canvas.resolve measures everything before the result.
local r = canvas.resolve{items = {{id = "a"}, {id = "b"}, {id = "c"}}, layout = row, measure = measure}
check.equal(ids(calls), "a,b,c", "every item measured once")
check.equal(proposals[1], "open", "automatic content leaves the proposal width open (nil)")
check.rect(r.items[1], 0, 0, 10, 5, "measured a")
check.rect(r.items[2], 18, 0, 20, 5, "measured b")
check.rect(r.items[3], 46, 0, 30, 5, "measured c")

-- A count of items; a fixed content size proposes its width less the margins.
reset()
r = canvas.resolve{items = 2, layout = row, measure = measure, content_size = {500, 400}, margins = 10}
check.equal(ids(calls), "1,2", "a count is measured by ids 1..N")
check.close(proposals[1], 480, "the proposal width")
check.close(r.items[2].width, 20, "measured from a count")

-- An estimate alone sizes every item.
r = canvas.resolve{items = 3, estimated_item_size = {30, 20}, layout = row}
check.rect(r.items[3], 76, 0, 30, 20, "estimated sizes")

-- ---- the object: steps in chunks of 200 ------------------------------------

reset()
local c = canvas.new{items = 450, measure = measure, layout = row}
check.equal(#calls, 450, "canvas.new measures everything")
check.equal(c:step(), "idle", "nothing left to measure")
reset()
c:invalidate()
check.equal(c:step(), "measured", "first chunk")
check.equal(#calls, 200, "a chunk is 200 items")
check.equal(c:step(), "measured", "second chunk")
check.equal(c:step(), "resolved", "the last chunk resolves")
check.equal(#calls, 450, "every item measured again after invalidate")
check.equal(c:step(), "idle", "idle once done")

-- Measuring waits while the viewport moves.
c:invalidate()
reset()
c:set_moving(true)
check.equal(c:step(), "deferred", "deferred while moving")
check.equal(#calls, 0, "nothing measured while moving")
c:set_moving(false)
c:resolve()
check.equal(#calls, 450, "resolve() measures what waits")
check.fails(function() c:set_moving(1) end, "bad argument #1 to 'set_moving' (boolean expected, got number)", "set_moving type")

-- ---- the cache by id: only new ids are measured ----------------------------

reset()
c = canvas.new{items = {{id = "a"}, {id = "b"}, {id = "c"}}, measure = measure, layout = row}
check.equal(ids(calls), "a,b,c", "first measure")
reset()
c:set_items{{id = "c"}, {id = "a"}, {id = "d"}, {id = "b"}}
c:resolve()
check.equal(ids(calls), "d", "reordered and added: only the new id is measured")
r = c:result()
check.equal(r.items[3].id, "d", "new order")
-- Cached sizes follow their ids: c 30, a 10, d 30 (measured at index 3), b 20.
check.rect(r.items[1], 0, 0, 30, 5, "c keeps its size")
check.rect(r.items[2], 38, 0, 10, 5, "a keeps its size")
check.rect(r.items[3], 56, 0, 30, 5, "d measured")
check.rect(r.items[4], 94, 0, 20, 5, "b keeps its size")
reset()
c:set_items(2)
c:resolve()
check.equal(ids(calls), "1,2", "a count gives ids 1..N, all new")

-- While moving, new items use the estimate until a step measures them.
reset()
c = canvas.new{items = {{id = "a"}}, measure = measure, estimated_item_size = {30, 20}, layout = row}
c:set_moving(true)
c:set_items{{id = "a"}, {id = "e"}}
c:resolve()
check.equal(#calls, 1, "only a, measured at new()")
check.rect(c:result().items[2], 18, 0, 30, 20, "e has the estimate")
c:set_moving(false)
check.equal(c:step(), "resolved", "e measured and resolved")
check.rect(c:result().items[2], 18, 0, 20, 5, "e measured")

-- set_items with a uniform item_size takes a count.
c = canvas.new{items = 2, item_size = {10, 10}, layout = row}
c:set_items(5)
c:resolve()
check.equal(#c:result().items, 5, "set_items(count) with item_size")
check.fails(function() canvas.new{items = {{width = 1, height = 1}}}:set_items{{id = "x"}} end,
            "items[1]: item has no size", "set_items without sizes")
check.fails(function() c:set_items("x") end, "bad argument #1 to 'set_items'", "set_items type")
check.fails(function() c:set_items{{id = "x", width = 1, height = 1}, {id = "x", width = 1, height = 1}} end,
            "items[2].id: duplicate id x", "set_items duplicates")
check.equal(#c:result().items, 5, "a refused set_items changes nothing")

-- ---- errors ------------------------------------------------------------------

check.fails(function() canvas.resolve{items = 2, measure = function() error("boom") end} end, "boom", "measure raises")
local ok, message = pcall(canvas.resolve, {items = 2, measure = function() error("boom") end})
assert(not ok and message:find("stack traceback:", 1, true), "a measure error carries a traceback: " .. tostring(message))
check.fails(function() canvas.resolve{items = 2, measure = function() end} end,
            "measure: items[1].width: expected a number, got nil", "measure returns nothing")
check.fails(function() canvas.resolve{items = 2, measure = function(item) return 1, item.index == 2 and 0 / 0 or 1 end} end,
            "measure: items[2].height: expected a finite number, got nan", "measure returns nan")
check.fails(function() canvas.resolve{items = 1, measure = function() return -1, 1 end} end,
            "measure: items[1].width: expected a non-negative number", "measure returns a negative width")
check.fails(function() canvas.resolve{items = 1, measure = function() return "1", 1 end} end,
            "expected a number, got string", "measure returns a string")
check.fails(function() canvas.resolve{items = 1, measure = 5} end,
            "measure: expected a function measure(item, proposal_width), got number", "measure type")
check.fails(function() canvas.resolve{items = 1, item_size = {1, 1}, measure = measure} end,
            "item_size: cannot be combined with measure", "item_size and measure")
check.fails(function() canvas.resolve{items = 1, estimated_item_size = {-1, 1}} end,
            "estimated_item_size.width: expected a non-negative number", "negative estimate")

-- A failing measure keeps the previous frames.
local fail = false
c = canvas.new{items = {{id = "a"}}, layout = row,
               measure = function(item) if fail then error("no size for " .. item.id) end return 10, 10 end}
fail = true
c:set_items{{id = "a"}, {id = "z"}}
check.fails(function() c:resolve() end, "no size for z", "resolve raises the measure error")
check.equal(#c:result().items, 1, "the previous frames stay")
fail = false
c:resolve()
check.equal(#c:result().items, 2, "and the next resolve works")

-- A callback cannot call back into its own engine, nor close it.
local inner
c = canvas.new{items = {{id = "a"}}, layout = row,
               measure = function() inner = select(2, pcall(c.resolve, c)); return 1, 1 end}
c:invalidate()
c:resolve()
assert(tostring(inner):find("busy", 1, true), "re-entry is refused: " .. tostring(inner))
c = canvas.new{items = {{id = "a"}}, layout = row, measure = function() c:close() return 1, 1 end}
c:invalidate()
check.fails(function() c:resolve() end, "cannot close a canvas from inside its own callback", "close in a callback")
check.equal(#c:result().items, 1, "the canvas survives")

return {items = 0}
