-- flow_chart.lua: a flow chart in the engine's layered (Sugiyama) layout.
-- The steps link in the order work flows, a review loop included; with
-- canvas.layered{} the core breaks the cycle, ranks the steps so links
-- run down, orders each rank to cut crossings and routes long links
-- through bends on the ranks they cross (triage -> close, the loop's
-- fix <- review). Links are drawn straight between their bends, with
-- arrowheads, under the cards.
--
--   canvas-lua scripts/layouts/flow_chart.lua

local steps = {"request", "triage", "reproduce", "estimate", "fix", "write test", "review", "merge", "release", "close"}
local flows = {
  {"request", "triage"}, {"triage", "reproduce"}, {"triage", "estimate"}, {"reproduce", "fix"},
  {"estimate", "fix"}, {"fix", "write test"}, {"write test", "review"}, {"fix", "review"},
  {"review", "fix"},              -- changes requested: the loop the layout breaks
  {"review", "merge"}, {"merge", "release"}, {"release", "close"}, {"triage", "close"},
}

local items = {}
for _, step in ipairs(steps) do items[#items + 1] = {id = step, width = 20 + 7.2 * #step, height = 30} end
local links = {}
for _, flow in ipairs(flows) do
  links[#links + 1] = {from = flow[1], to = flow[2], style = "straight"}
end

return {
  items = items,
  links = links,
  layout = canvas.layered{direction = "down", rank_spacing = 44, node_spacing = 24},
  margins = 24,
}
