-- LÖVE settings for the Canvas example: a window, no sound (CI has no sound card).
function love.conf(t)
  t.identity = "canvas-example"
  t.window.title = "Canvas: 100,000 items, drag, fling, wheel zoom"
  t.window.width = 1024
  t.window.height = 640
  t.window.vsync = 1
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
