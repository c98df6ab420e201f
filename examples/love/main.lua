--[[
A LÖVE program over Canvas (through canvas.ffi, LuaJIT's FFI binding):
100,000 cards in a grid, culled to what the window shows. Drag to pan and
let go to fling (it decelerates and bounces at the edges); the wheel
scrolls, ctrl-wheel (or a trackpad pinch) zooms about the pointer; arrow
keys, page up/down, home and end scroll animated; f fits everything, 1
goes back to zoom 1. The engine owns all of the physics: this file only
hands it input with love.timer's clock and draws canvas:visible_items().

    love examples/love                        (after scripts/build; see README.md here)
    love examples/love --autoplay shot.png    (drives itself, saves a screenshot, quits)
]]
-- --autoplay runs unattended (CI): an error prints and quits with status 1
-- instead of opening LÖVE's error screen, which would wait for a user.
for _, value in ipairs(arg or {}) do
  if value == "--autoplay" then
    function love.errorhandler(message)
      io.stderr:write("Error: " .. tostring(message) .. "\n" .. debug.traceback("", 2) .. "\n")
      io.stderr:flush()
      return nil  -- no error screen: LÖVE quits
    end
  end
end

-- canvas.ffi from LUA_PATH first (an install: DIR/share/lua/5.1/?.lua, which
-- then finds DIR/lib/libcanvas.so.1 beside it; /usr/local is on LuaJIT's
-- default path), else from this checkout's lua/ folder (which finds the
-- checkout's build, or $CANVAS_LIB).
local here = love.filesystem.getSource()
package.path = package.path .. ";" .. here .. "/../../lua/?.lua"
local found, canvas = pcall(require, "canvas.ffi")
if not found then
  error("the example needs canvas.ffi and libcanvas.so: after scripts/install --prefix DIR, run with " ..
        "LUA_PATH='DIR/share/lua/5.1/?.lua;;'; from the checkout, run scripts/build first (or set CANVAS_LIB)." ..
        "\n" .. tostring(canvas), 0)
end

local COUNT, COLUMNS, CARD = 100000, 400, {width = 56, height = 40}
local c, clock0
local autoplay, shot_name

local function now() return (love.timer.getTime() - clock0) * 1000 end

function love.load(args)
  for i, value in ipairs(args) do
    if value == "--autoplay" then autoplay, shot_name = 0, args[i + 1] or "shot.png" end
  end
  clock0 = love.timer.getTime()
  local w, h = love.graphics.getDimensions()
  c = canvas.new{
    items = COUNT, item_size = {CARD.width, CARD.height},
    layout = canvas.grid{columns = COLUMNS, h_spacing = 8, v_spacing = 8},
    margins = 24,
    viewport = {width = w, height = h, overscan = 64}, initial_anchor = "top_leading",
    zoom = {axis = "both", min = 0.05, max = 4},
    motion = {deceleration = "normal", bounce = "always", indicators = "automatic"},
  }
end

function love.resize(w, h) c:set_viewport{width = w, height = h} end

function love.mousepressed(x, y, button) if button == 1 then c:pointer_down(x, y, now()) end end
function love.mousemoved(x, y) if love.mouse.isDown(1) then c:pointer_move(x, y, now()) end end
function love.mousereleased(x, y, button) if button == 1 then c:pointer_up(x, y, now()) end end

function love.wheelmoved(dx, dy)
  local x, y = love.mouse.getPosition()
  local ctrl = love.keyboard.isDown("lctrl", "rctrl")
  -- LÖVE's wheel is in notches, positive up; Canvas's deltas grow downwards, in lines.
  c:wheel{dx = -dx, dy = -dy, x = x, y = y, mode = "line", ctrl = ctrl,
          shift = love.keyboard.isDown("lshift", "rshift"), t = now()}
end

local keys = {left = "left", right = "right", up = "up", down = "down",
              pageup = "page_up", pagedown = "page_down", home = "home", ["end"] = "end"}
function love.keypressed(key)
  if keys[key] then c:key(keys[key], now())
  elseif key == "f" then c:zoom_to_fit{padding = 24, animated = true, t = now()}
  elseif key == "1" then c:set_zoom(1)
  elseif key == "escape" then love.event.quit() end
end

-- --autoplay: a drag that flings, a ctrl-wheel zoom out, a zoom to fit and
-- back, then a screenshot; every event goes through the same calls as a user's.
local script = {
  {at = 100, run = function(t) c:pointer_down(700, 400, t) end},
  {at = 116, run = function(t) c:pointer_move(640, 380, t) end},
  {at = 132, run = function(t) c:pointer_move(560, 350, t) end},
  {at = 148, run = function(t) c:pointer_move(470, 320, t) end},
  {at = 164, run = function(t) c:pointer_up(380, 290, t) end},
  {at = 900, run = function(t) c:wheel{dy = 6, x = 512, y = 320, mode = "line", ctrl = true, t = t} end},
  {at = 1200, run = function(t) c:zoom_to_fit{region = {x = 0, y = 0, width = 1600, height = 900}, animated = true, t = t} end},
}

function love.update()
  local t = now()
  if autoplay then
    while script[autoplay + 1] and script[autoplay + 1].at <= t do
      autoplay = autoplay + 1
      script[autoplay].run(t)
    end
    if not script[autoplay + 1] and not c:motion().moving and t > 2500 and not shot_taken then
      shot_taken = true
      love.graphics.captureScreenshot(function(image)
        image:encode("png", shot_name)
        print("screenshot: " .. love.filesystem.getSaveDirectory() .. "/" .. shot_name)
        love.event.quit()
      end)
    end
    if t > 15000 then love.event.quit(1) end  -- never hang a CI run
  end
  c:tick(t)
end

local function draw_indicator(indicator)
  if indicator and indicator.opacity > 0 then
    love.graphics.setColor(0, 0, 0, 0.45 * indicator.opacity)
    local r = indicator.thumb
    love.graphics.rectangle("fill", r.x, r.y, r.width, r.height, 1.5, 1.5)
  end
end

function love.draw()
  love.graphics.clear(0.96, 0.96, 0.94)
  local view = c:viewport()
  love.graphics.push()
  love.graphics.translate(-view.x, -view.y)
  local items = c:visible_items()
  for i = 1, #items do
    local item = items[i]
    local hue = (item.id * 0.618034) % 1
    love.graphics.setColor(0.35 + 0.5 * hue, 0.55, 0.85 - 0.5 * hue)
    love.graphics.rectangle("fill", item.x, item.y, item.width, item.height, 4, 4)
  end
  love.graphics.pop()
  local indicators = c:indicators()
  draw_indicator(indicators.horizontal)
  draw_indicator(indicators.vertical)
  local motion = c:motion()
  love.graphics.setColor(0, 0, 0, 0.75)
  love.graphics.print(string.format("%d items, %d drawn   zoom %.2f   %s   %d fps", COUNT, #items, c:zoom(),
                                    motion.phase, love.timer.getFPS()), 12, 10)
end
