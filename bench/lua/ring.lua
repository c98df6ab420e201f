-- The ring layout of scripts/layouts/ring.lua (items on a circle, each
-- centered on its point), as a function of the radius. Shared by the
-- scripting benches, so every side runs the very same place function.
return function(radius)
  return function(items, proposal)
    local step = 2 * math.pi / math.max(#items, 1)
    local frames = {}
    for i, item in ipairs(items) do
      local angle = step * (item.index - 1)
      frames[i] = {
        x = radius * math.cos(angle) - item.width / 2,
        y = radius * math.sin(angle) - item.height / 2,
        width = item.width,
        height = item.height,
      }
    end
    return frames
  end
end
