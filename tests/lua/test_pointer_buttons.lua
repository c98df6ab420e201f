-- Pointer buttons and the space key (issue 22.7): with the select tool primary
-- selects and drags; middle and secondary pan, as primary does with space held.
-- Through the methods and the gestures alike.
local canvas = require "canvas"

local function board(gestures)
  return canvas.new{layout = "free", tool = "select", snap = {items = false, gaps = false},
    viewport = {width = 400, height = 300, x = 0, y = 0}, gestures = gestures,
    items = {{id = 1, x = 0, y = 0, width = 50, height = 50}, {id = 2, x = 100, y = 0, width = 50, height = 50}}}
end
local function frame(c, id)
  for _, item in ipairs(c:result().items) do if item.id == id then return item end end
end
local function drag(c, held, t)
  t = t or 0
  c:pointer_down(10, 10, t, held)
  c:pointer_move(35, 10, t + 16, held)
  c:pointer_move(60, 10, t + 32, held)
  c:pointer_up(60, 10, t + 200, held)
end

local c = board()
drag(c, {button = "primary", ctrl = true, alt = false, meta = false})
assert(frame(c, 1).x == 50 and c:viewport().x == 0 and #c:selection() == 1, "primary drags")

for _, button in ipairs{"middle", "secondary"} do
  c = board()
  drag(c, {button = button})
  assert(frame(c, 1).x == 0, button .. " leaves the item")
  assert(c:viewport().x == -50, button .. " pans: " .. c:viewport().x)
  assert(#c:selection() == 0 and not c:can_undo(), button .. " selects nothing")
end

c = board()
c:key_state("space", true)
drag(c)
assert(frame(c, 1).x == 0 and c:viewport().x == -50, "space held: primary pans")
c:key_state("space", false)
drag(c, nil, 1000)
assert(c:viewport().x == -50 and c:marquee() == nil, "space released: primary presses empty space")

-- The gestures: the same routes.
c = board{{"down", x = 10, y = 10, t = 0, button = "middle"}, {"move", x = 35, y = 10, t = 16, button = "middle"},
          {"up", x = 60, y = 10, t = 200, button = "middle"}}
assert(frame(c, 1).x == 0 and c:viewport().x == -50, "a middle drag gesture pans")
c = board{{"key", key = "space", down = true}, {"down", x = 10, y = 10, t = 0}, {"move", x = 60, y = 10, t = 16},
          {"up", x = 60, y = 10, t = 200}, {"key", key = "space", down = false},
          {"down", x = 160, y = 10, t = 300, shift = true, meta = true}, {"up", x = 160, y = 10, t = 310}}
assert(frame(c, 1).x == 0 and c:viewport().x == -50, "a space drag gesture pans")
assert(#c:selection() == 1 and c:selection()[1] == 2, "after space, primary selects again")

-- Bad input names what was wrong.
local ok, message = pcall(c.pointer_down, c, 1, 1, 400, {button = "left"})
assert(not ok and message:find('modifiers.button: expected "primary", "secondary" or "middle"', 1, true), message)
ok, message = pcall(c.pointer_down, c, 1, 1, 400, {hold = true})
assert(not ok, "unknown modifier")
ok, message = pcall(c.key_state, c, "enter", true)
assert(not ok and message:find("invalid option 'enter'", 1, true), message)
ok, message = pcall(board, {{"key", key = "space"}})
assert(not ok and message:find("down", 1, true), message)
ok, message = pcall(board, {{"key", key = "left", down = true}})
assert(not ok and message:find("only a held key (space) takes down", 1, true), message)

return {layout = "free", items = {}}
