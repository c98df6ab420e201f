-- spiral.lua: items along an Archimedean spiral, growing as they go out,
-- spaced by arc length so neighbours never overlap.
--
--   canvas-lua scripts/layouts/spiral.lua [count]

local count = tonumber(arg and arg[1]) or 40

local function spiral(items, proposal)
  local frames = {}
  local angle, gap = 0, 12
  for i, item in ipairs(items) do
    local radius = gap * angle
    frames[i] = {
      x = radius * math.cos(angle) - item.width / 2,
      y = radius * math.sin(angle) - item.height / 2,
      width = item.width,
      height = item.height,
    }
    -- Advance by about one item's width along the curve.
    angle = angle + (item.width + 8) / math.max(radius, item.width)
  end
  return frames
end

local items = {}
for i = 1, count do
  local side = 24 + (i % 5) * 6
  items[i] = {id = i, width = side, height = side}
end

return {items = items, layout = spiral, margins = 24}
