-- masonry.lua: columns of equal width; each item goes to the shortest
-- column so far, Pinterest-style. The proposal's width, when the canvas
-- gives one, decides how many columns fit.
--
--   canvas-lua scripts/layouts/masonry.lua [count]

local count = tonumber(arg and arg[1]) or 24
local column_width, gap = 120, 10

local function masonry(items, proposal)
  local columns = 4
  if proposal.width then
    columns = math.max(1, (proposal.width + gap) // (column_width + gap))
  end
  local heights = {}
  for c = 1, columns do heights[c] = 0 end
  local frames = {}
  for i, item in ipairs(items) do
    local shortest = 1
    for c = 2, columns do
      if heights[c] < heights[shortest] then shortest = c end
    end
    -- Keep the item's aspect ratio at the column's width.
    local height = item.height * column_width / math.max(item.width, 1)
    frames[i] = {x = (shortest - 1) * (column_width + gap), y = heights[shortest], width = column_width, height = height}
    heights[shortest] = heights[shortest] + height + gap
  end
  return frames
end

-- Photos of varied aspect ratios, with string ids.
local items = {}
for i = 1, count do
  items[i] = {id = "photo-" .. i, width = 400, height = 300 + (i * 137) % 400}
end

return {items = items, layout = masonry, content_size = {at_least = {560, 400}}, margins = 20,
        content_anchor = "top"}
