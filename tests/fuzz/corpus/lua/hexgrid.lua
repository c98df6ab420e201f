-- hexgrid.lua: a honeycomb. Odd rows shift by half a cell and rows overlap
-- by a quarter, so pointy-top hexagons of this size tile without gaps.
--
--   canvas-lua scripts/layouts/hexgrid.lua [count] [columns]

local count = tonumber(arg and arg[1]) or 30
local columns = tonumber(arg and arg[2]) or 6

local function honeycomb(items, proposal)
  local frames = {}
  for i, item in ipairs(items) do
    local row, column = (i - 1) // columns, (i - 1) % columns
    local shift = (row % 2 == 1) and item.width / 2 or 0
    frames[i] = {
      x = column * item.width + shift,
      y = row * item.height * 0.75,
      width = item.width,
      height = item.height,
    }
  end
  return frames
end

-- A pointy-top hexagon is sqrt(3) wide for every 2 tall.
return {items = count, item_size = {math.sqrt(3) * 40, 80}, layout = honeycomb, margins = 16,
        content_anchor = "top_leading"}
