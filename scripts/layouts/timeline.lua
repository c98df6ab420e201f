-- timeline.lua: events on a horizontal time axis, each as wide as it
-- lasts, stacked into the first lane where it does not overlap an earlier
-- event (interval partitioning, greedy by start time).
--
--   canvas-lua scripts/layouts/timeline.lua

local day, lane_height, gap = 24, 28, 6

local events = {
  {id = "kickoff", start = 0, days = 2},
  {id = "design", start = 1, days = 6},
  {id = "prototype", start = 4, days = 8},
  {id = "review", start = 7, days = 1},
  {id = "build", start = 9, days = 12},
  {id = "docs", start = 12, days = 7},
  {id = "beta", start = 18, days = 5},
  {id = "fixes", start = 20, days = 6},
  {id = "launch", start = 26, days = 1},
}

local function timeline(items, proposal)
  local lane_ends, frames = {}, {}
  for i, item in ipairs(items) do
    local event = events[i]
    local lane = 1
    while lane_ends[lane] and lane_ends[lane] > event.start do lane = lane + 1 end
    lane_ends[lane] = event.start + event.days
    frames[i] = {x = event.start * day, y = (lane - 1) * (lane_height + gap),
                 width = item.width, height = item.height}
  end
  return frames
end

local items = {}
for i, event in ipairs(events) do
  items[i] = {id = event.id, width = event.days * day - 2, height = lane_height}
end
return {items = items, layout = timeline, margins = 20, content_anchor = "top_leading"}
