-- treemap.lua: a squarified treemap. Each item's area is proportional to
-- its weight; rows are laid along the shorter side of the space left, and a
-- row grows while that keeps its rectangles closer to square.
--
--   canvas-lua scripts/layouts/treemap.lua

local width, height = 640, 400

-- Weights ride on the item's width; every item's own size is replaced.
local weights = {30, 22, 16, 12, 9, 7, 6, 5, 4, 3, 2, 2, 1, 1}

local function worst(row, side, scale)
  local sum, smallest, largest = 0, math.huge, 0
  for _, w in ipairs(row) do
    sum = sum + w
    smallest = math.min(smallest, w)
    largest = math.max(largest, w)
  end
  local area, s2 = sum * scale, side * side
  return math.max(s2 * largest * scale / (area * area), (area * area) / (s2 * smallest * scale))
end

local function treemap(items, proposal)
  local total = 0
  for _, item in ipairs(items) do total = total + item.width end
  local scale = width * height / total            -- area per unit of weight
  local frames, x, y, w, h = {}, 0, 0, width, height
  local i = 1
  while i <= #items do
    local side = math.min(w, h)
    local row = {items[i].width}
    local j = i + 1
    while j <= #items do
      local longer = {table.unpack(row)}
      longer[#longer + 1] = items[j].width
      if worst(longer, side, scale) > worst(row, side, scale) then break end
      row = longer
      j = j + 1
    end
    local sum = 0
    for _, weight in ipairs(row) do sum = sum + weight end
    local thickness = sum * scale / side
    local along = 0
    for k, weight in ipairs(row) do
      local length = weight * scale / thickness
      if w >= h then  -- a column on the left
        frames[i + k - 1] = {x = x, y = y + along, width = thickness, height = length}
      else            -- a row on the top
        frames[i + k - 1] = {x = x + along, y = y, width = length, height = thickness}
      end
      along = along + length
    end
    if w >= h then x, w = x + thickness, w - thickness else y, h = y + thickness, h - thickness end
    i = j
  end
  return frames
end

local items = {}
for i, weight in ipairs(weights) do
  items[i] = {id = "w" .. weight .. "-" .. i, width = weight, height = 1}
end
return {items = items, layout = treemap, margins = 16}
