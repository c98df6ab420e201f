-- The same descriptions and calls through a module given by name (arg[1]):
-- "canvas" (the Lua 5.4 module) or "canvas.ffi" (LuaJIT). tests/luajit/run
-- runs both and compares what they print, line by line.
local canvas = require(arg[1])

local function dump(value)
  if type(value) == "number" then return string.format("%.17g", value) end
  if type(value) ~= "table" then return tostring(value) end
  local keys = {}
  for key in pairs(value) do keys[#keys + 1] = key end
  table.sort(keys, function(a, b)
    if type(a) == type(b) then return a < b end
    return type(a) == "number"
  end)
  local parts = {}
  for _, key in ipairs(keys) do parts[#parts + 1] = tostring(key) .. "=" .. dump(value[key]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local function show(label, value) print(label .. ": " .. dump(value)) end

local function ring(items)
  local step = 2 * math.pi / math.max(#items, 1)
  local frames = {}
  for i, item in ipairs(items) do
    local angle = step * (item.index - 1)
    frames[i] = {x = 240 * math.cos(angle) - item.width / 2, y = 240 * math.sin(angle) - item.height / 2,
                 width = item.width, height = item.height}
  end
  return frames
end

-- canvas.resolve over the description's keys.
show("flow", canvas.resolve{items = 7, item_size = {30, 20}, layout = canvas.flow{max_width = 100, alignment = "top"}})
show("grid", canvas.resolve{items = 10, item_size = {30, 20}, layout = canvas.grid{columns = 3, h_spacing = 2},
                            margins = {top = 1, leading = 2, bottom = 3, trailing = 4}})
show("grid default", canvas.resolve{items = 10, item_size = {30, 20}, layout = "grid"})
show("tree", canvas.resolve{items = 4, item_size = {30, 20}, layout = canvas.tree{direction = "right", sibling_spacing = 3}})
show("layered", canvas.resolve{items = 4, item_size = {30, 20}, layout = canvas.layered{node_spacing = 5}})
show("layered default", canvas.resolve{items = 2, item_size = {30, 20}, layout = "layered"})
show("bad tree", (select(2, pcall(canvas.resolve, {items = 2, item_size = {1, 1}, layout = {kind = "tree", direction = "up"}})):match("^[^,]*")))
show("ring", canvas.resolve{items = 12, item_size = {80, 80}, layout = ring, margins = 40})
show("rtl fixed", canvas.resolve{items = 3, item_size = {10, 10}, direction = "rtl", content_size = {100, 50},
                                 content_anchor = "bottom_trailing"})
show("at least", canvas.resolve{items = 3, item_size = {10, 10}, content_size = {at_least = {40, 100}},
                                content_anchor = {x = 0.25, y = 0.75}})
show("entries", canvas.resolve{items = {{id = "a", width = 5, height = 5}, {id = 9, width = 7, height = 3},
                                        {id = "b", width = 1, height = 2}}})
local seen = {}
canvas.resolve{items = {{id = "x", width = 1, height = 1}, {id = 4, width = 2, height = 2}}, layout = function(items, proposal)
  for i, item in ipairs(items) do seen[i] = {item.index, item.id, item.width, item.height} end
  seen.proposal = proposal
  return {{x = 0, y = 0, width = 1, height = 1}, {x = -5, y = 0, width = 2, height = 2}}
end, content_size = {50, 60}, margins = 5}
show("place sees", seen)
show("viewport", canvas.resolve{items = 100, item_size = {80, 60}, layout = canvas.grid{columns = 10},
                                viewport = {width = 300, height = 200}, initial_anchor = "top_leading"})
show("zoomed", canvas.resolve{items = 20, item_size = {50, 50}, zoom = {scale = 2, axis = "both"},
                              viewport = {width = 200, height = 200, x = 30, y = 10}})

-- A canvas object, driven.
local c = canvas.new{items = 100, item_size = {80, 60}, layout = canvas.grid{columns = 10},
                     viewport = {width = 300, height = 200, x = 100, y = 100, overscan = 0}}
show("pan by a point", c:set_viewport{x = 101})
show("pan by a column", c:set_viewport{x = 189})
show("scroll to id", c:scroll_to(55, "top_leading"))
show("scroll to point", c:scroll_to({x = 10, y = 10}))
show("scroll to region", c:scroll_to({x = 400, y = 300, width = 50, height = 50}, {x = 1, y = 1}))
show("page", {c:page("down"), c:page("right"), c:page("up")})
show("hit", {c:hit_test(90, 70), c:hit_test(85, 1)})
show("query", c:query{x = 80, y = 60, width = 100, height = 70})
show("visible", c:visible())
c:set_zoom(1.5)
show("zoom", c:zoom())
c:pinch("began", 1, 2, 100, 100); c:pinch("changed", 2); c:pinch("ended", 2)
show("pinched", c:zoom())
c:tap()
show("tapped", c:zoom())
c:touches{{x = 10, y = 10}, {x = 50, y = 10}}; c:touches{{x = 0, y = 10}, {x = 80, y = 10}}; c:touches{}
show("touched", c:zoom())
show("select", {c:select(20, 20)})
c:select_id(3); c:select_id(77); c:deselect(3)
show("selection", c:selection())
c:clear_selection()
show("cleared", c:selection())
c:set_layout(canvas.flow{h_spacing = 0, v_spacing = 0})
c:set_margins(10); c:set_direction("rtl"); c:set_content_size{at_least = {2000, 100}}; c:set_content_anchor("leading")
c:resolve()
show("after setters", c:result())
c:set_items({{id = "p", width = 10, height = 10}, {id = "q", width = 10, height = 10}})
c:set_layout(ring)
c:resolve()
show("new items, ring", c:result())
c:close()
show("closed", tostring(c))

-- Motion under the host's clock: a drag that flings, ticks, the wheel, keys,
-- animated scrolls and a zoom to fit, through the same calls in both modules.
local m = canvas.new{items = 2000, item_size = {56, 40}, layout = canvas.grid{columns = 40, h_spacing = 8, v_spacing = 8},
                     margins = 24, viewport = {width = 800, height = 600, overscan = 64}, initial_anchor = "top_leading",
                     zoom = {axis = "both", min = 0.05, max = 4},
                     motion = {deceleration = "normal", bounce = "always", indicators = "automatic"}}
m:pointer_down(700, 400, 100); m:pointer_move(640, 380, 116); m:pointer_move(560, 350, 132)
m:pointer_move(470, 320, 148, {shift = true}); m:pointer_up(380, 290, 164)
show("after the drag", m:motion())
local ticks = {}
for t = 180, 1200, 60 do ticks[#ticks + 1] = m:tick(t) end
show("ticks", ticks)
show("viewport after the fling", m:viewport())
m:wheel{dy = 6, x = 512, y = 320, mode = "line", ctrl = true, t = 1300}
m:tick(1400)
show("zoom after ctrl-wheel", m:zoom())
m:wheel{dx = 3, dy = 2, mode = "line", t = 1500}
m:key("page_down", 1600); m:tick(1700); m:tick(2100)
m:crown(120, 2200); m:tick(2300)
m:fling(-2, 1, 2400); m:tick(2500); m:tick(3500)
show("scroll animated", {m:scroll_to(1500, "center", {animated = true, duration = 200, t = 3600})})
m:tick(3700); m:tick(3900)
show("page animated", m:page("right", {animated = true, t = 4000}))
m:tick(4400)
m:zoom_to_fit{padding = 24, animated = true, t = 4500}
m:tick(4600); m:tick(5000)
m:set_motion{bounce = "never", pan_axis = "locked", crown_axis = "horizontal", scroll_enabled = true, deceleration = 0.99}
show("indicators", m:indicators())
show("frame 17", m:frame(17))
local drawn = m:visible_items()
show("visible items", {#drawn, drawn[1], drawn[#drawn]})
show("motion result", m:result())

-- Measuring and zoom callbacks.
local measured = {}
local s = canvas.new{items = {{id = "a"}, {id = "b"}, {id = 3}}, estimated_item_size = {50, 50},
                     measure = function(item, proposal)
                       measured[#measured + 1] = {item.index, item.id, proposal}
                       return 10 * item.index, 5
                     end, viewport = {width = 100, height = 100}}
show("measured", measured)
show("measured result", s:result())
s:invalidate()
show("steps", {s:step(), s:step()})
local heard = {}
local z = canvas.new{items = 50, item_size = {20, 20}, viewport = {width = 100, height = 100},
                     on_zoom = function(scale) heard[#heard + 1] = {"zoom", scale} end,
                     on_zoom_begin = function(scale) heard[#heard + 1] = {"begin", scale} end,
                     on_zoom_end = function(scale) heard[#heard + 1] = {"end", scale} end}
z:set_zoom(2); z:pinch("began", 1, 2, 50, 50); z:pinch("changed", 1.5); z:pinch("ended", 1.5); z:tap()
z:set_items(10)
show("heard", heard)
local refusing = canvas.new{items = 5, item_size = {20, 20}, on_zoom = function() error("no zooming here", 0) end}
local ok, message = pcall(function() refusing:set_zoom(3) end)
show("refused zoom", {ok, message:match("^[^\n]*")})  -- the 5.4 module adds a traceback
show("zoom kept", refusing:zoom())

-- A free canvas edited by id: frames, edits, batches, undo, selection, the
-- select tool's snapped drag and its guides, focus and level of detail.
local f = canvas.new{layout = "free", items = {{id = "a", x = -40, y = 10, width = 80, height = 60},
                                               {id = 2, x = 200, y = 10, width = 80, height = 60},
                                               {id = "c", width = 30, height = 30}},
                     viewport = {width = 400, height = 300, x = -100, y = -50}, tool = "select",
                     snap = {grid = 10, threshold = 6}, scroll_extent = "unbounded"}
show("free result", f:result())
f:insert({{id = "d", x = 100, y = 150, width = 40, height = 40}, {id = 7, width = 10, height = 10}}, 2)
f:move("a", -30, 12)
f:set_frame(2, {x = 210, y = 20, width = 90, height = 50})
f:bring_to_front{"a"}; f:send_to_back{7}
show("edited", f:result())
f:remove{"c"}
show("batch returns", {f:batch(function(b) b:move("d", 120, 160); b:remove{7}; return "done", 2 end)})
show("batch error", {pcall(f.batch, f, function(b) b:move("d", 0, 0); error("stop here", 0) end)})
show("after batch", f:result())
f:undo(); show("undone", f:result())
f:undo(); f:redo(); show("redone", f:result())
f:redo()
show("nothing to redo", {pcall(f.redo, f)})
show("unknown id", {pcall(f.move, f, "zz", 1, 1)})
show("select_rect", f:select_rect{x = -100, y = -50, width = 200, height = 150, mode = "contain"})
show("select_rect add", f:select_rect{x = 150, y = 0, width = 100, height = 100, op = "add"})
show("selection bounds", f:selection_bounds())
f:nudge("right", true); f:nudge("down")
show("nudged", f:result())
f:clear_selection()
show("no bounds", {f:selection_bounds()})
f:select_all()
show("all", f:selection())
f:clear_selection()
f:set_snap{grid = 0, items = true, gaps = false, threshold = 8}
f:pointer_down(230, 220, 10); f:pointer_move(231, 150, 26); f:pointer_move(232, 84, 42)
show("guides while dragging", f:guides())
show("dragging result", f:result())
f:pointer_up(232, 84, 58)
show("guides after", f:guides())
f:set_tool("pan")
f:focus("d")
show("focused", {f:focused(), f:focus_next("left"), f:focus_next("right"), f:focus_next("up")})
show("focus result", f:result())

-- Level of detail: small items on a zoomed-out grid gather into clusters.
local l = canvas.new{items = 400, item_size = {4, 4}, layout = canvas.grid{columns = 20, h_spacing = 1, v_spacing = 1},
                     viewport = {width = 120, height = 120}, lod = {min_size = 6, cell = 20}}
show("lod result", l:result())
show("visible_lod", l:visible_lod{min_size = 3, cell = 32})
show("visible_lod default", #l:visible_lod().items)
l:set_lod(false)
show("lod off", {#l:clusters(), l:result().clusters})
l:set_lod{min_size = 10}
show("clusters", l:clusters())
-- Hit testing follows the published level of detail: over a cluster, nil and the cluster.
show("hit over a cluster", {l:hit_test(2, 2)})
show("hit over nothing", {select("#", l:hit_test(500, 500))})
l:select_rect{x = 0, y = 0, width = 12, height = 12}
show("clusters selected", l:clusters())
show("hit cluster selected", {l:hit_test(2, 2)})
show("visible_lod selected", l:visible_lod{min_size = 10}.clusters)

-- The editing and lod keys refuse what the 5.4 module refuses, with its messages.
local function refused(description)
  local ok, message = pcall(canvas.new, description)
  return {ok, tostring(message):match("^[^\n]*")}
end
local base = {layout = "free", items = {{id = 1, width = 10, height = 10}}}
local function with(key, value)
  local d = {}
  for k, v in pairs(base) do d[k] = v end
  d[key] = value
  return d
end
show("bad tool", refused(with("tool", "hammer")))
show("bad snap key", refused(with("snap", {grip = 1})))
show("bad snap threshold", refused(with("snap", {threshold = -1})))
show("bad scroll_extent", refused(with("scroll_extent", "page")))
show("bad lod", refused(with("lod", {min_size = 0})))
show("lod not a table", refused(with("lod", 3)))
show("bad lod key", refused(with("lod", {size = 3})))
show("bad select_rect key", {pcall(f.select_rect, f, {x = 0, y = 0, w = 1})})
show("free, content extent", canvas.resolve(with("scroll_extent", "content")))
show("negative insert", {pcall(f.insert, f, {{id = "n", width = -1, height = 2.5}})})
show("insert without size", {pcall(f.insert, f, {{id = "n", width = 1}})})
show("insert before unknown", {pcall(f.insert, f, {{id = "n", width = 1, height = 1}}, "nope")})
show("after refusals", f:result().items)

-- The backdrop in results.
show("dots", canvas.resolve{items = 4, item_size = {30, 30}, backdrop = {kind = "dots", spacing = 20, radius = 2},
                            viewport = {width = 70, height = 50, x = 5, y = 3}})
local g = canvas.new{items = 4, item_size = {30, 30}, backdrop = {kind = "grid", line_width = 0.5},
                     viewport = {width = 70, height = 50}}
g:set_zoom(1.5); g:set_viewport{x = 11, y = 7}
show("grid backdrop, zoomed", g:result())
show("no backdrop", canvas.resolve{items = 1, item_size = {1, 1}, backdrop = "none"})

-- The per-frame reads, without result(): count, publish count, marquee,
-- history, the selection's version, an animation's end, and the edits'
-- "published" answers.
local r = canvas.new{layout = "free", tool = "select", viewport = {width = 400, height = 300, x = 0, y = 0},
  items = {{id = 1, x = 0, y = 0, width = 50, height = 50}, {id = 2, x = 100, y = 0, width = 50, height = 50},
           {id = 3, x = 5000, y = 5000, width = 10, height = 10}, {id = 4, x = 6000, y = 6000, width = 10, height = 10}}}
r:resolve()
show("reads, fresh", {r:count(), r:marquee() == nil, r:can_undo(), r:can_redo(), r:motion().end_t == nil})
local published, version = r:publish_count(), r:selection_version()
show("published: visible move, off-screen move", {r:move(1, 10, 10), r:move(3, 5500, 5500)})
show("publish count grew by one", r:publish_count() - published)
show("history after moves", {r:can_undo(), r:can_redo(), r:undo(), r:can_redo()})
show("remove published, count", {r:remove{2}, r:count(), r:insert({{id = 9, x = 20, y = 20, width = 5, height = 5}}), r:count()})
r:pointer_down(300, 200, 0)
r:pointer_move(120, 20, 16)
show("marquee while drawn", r:marquee())
show("selection moved", r:selection_version() ~= version)
r:pointer_up(120, 20, 32)
show("marquee after the release", {r:marquee() == nil})
version = r:selection_version()
r:move(9, 30, 30)
show("a move keeps the selection's version", r:selection_version() == version)
r:scroll_to(1, "center", {animated = true, duration = 200, t = 1000})
show("animation end", r:motion().end_t)
r:tick(1300)
show("ended", {r:motion().end_t == nil})

-- The undo history's budget in bytes: 64 MiB, settable, 0 keeps the newest step.
local h = canvas.new{layout = "free", items = {{id = 1, x = 0, y = 0, width = 10, height = 10}}}
show("history limit, default", h:history_limit())
h:select_all()
h:nudge("right"); h:nudge("right"); h:nudge("right")
h:set_history_limit(0)
local kept = 0
while h:can_undo() do h:undo(); kept = kept + 1 end
show("history limit 0 keeps", {h:history_limit(), kept})
h:set_history_limit(1e6)
show("history limit 1e6", h:history_limit())
show("history limit refuses", {pcall(h.set_history_limit, h, -1) == false, pcall(h.set_history_limit, h, 1.5) == false,
  pcall(h.set_history_limit, h, "1M") == false})

-- Pointer buttons and the space key: middle pans with the select tool, as primary does with space held.
local function button_board()
  return canvas.new{layout = "free", tool = "select", snap = {items = false, gaps = false},
    viewport = {width = 400, height = 300, x = 0, y = 0},
    items = {{id = 1, x = 0, y = 0, width = 50, height = 50}, {id = 2, x = 100, y = 0, width = 50, height = 50}}}
end
local function button_drag(b, held, t)
  b:pointer_down(10, 10, t, held); b:pointer_move(35, 10, t + 16, held)
  b:pointer_move(60, 10, t + 32, held); b:pointer_up(60, 10, t + 200, held)
  b:resolve()
  return {b:viewport().x, #b:selection(), b:result().items[1].x}
end
local b = button_board()
show("primary drag", button_drag(b, {button = "primary"}, 0))
show("middle drag", button_drag(b, {button = "middle", shift = true}, 1000))
b:key_state("space", true)
show("space drag", button_drag(b, nil, 2000))
b:key_state("space", false)
show("bad button, bad key", {pcall(b.pointer_down, b, 1, 1, 3000, {button = "left"}) == false,
  pcall(b.key_state, b, "enter", true) == false})

-- Links: the description key, results' routes, place(items, proposal, links), the methods and their errors.
local linked = canvas.new{layout = "free", viewport = {width = 600, height = 500},
  items = {{id = "a", x = 0, y = 0, width = 100, height = 50}, {id = "b", x = 300, y = 0, width = 100, height = 50},
           {id = 3, x = 0, y = 400, width = 100, height = 50}},
  links = {{from = "a", to = "b"}, {id = 7, from = "a", to = 3, style = "curve", from_side = "bottom"},
           {id = 8, from = 3, to = "b", style = "step", to_side = "trailing"}}}
local lr = linked:result()
show("result links", lr.links)
show("visible links", lr.visible_links)
show("links()", linked:links())
show("link_route", linked:link_route(8))
show("hit_test_link", {linked:hit_test_link(200, 27), linked:hit_test_link(200, 45)})
show("query_links", linked:query_links{x = 0, y = 100, width = 50, height = 50})
show("insert_links", {linked:insert_links({{id = 20, from = "b", to = 3}}, 7), #linked:links()})
show("remove_links", {linked:remove_links{7, 20}, #linked:links()})
linked:undo()
show("undo remove_links", linked:links())
show("set_links", {linked:set_links{{from = 3, to = "a"}}, linked:links()})
local function message(f, ...) local ok, text = pcall(f, ...) return ok and "no error" or tostring(text):gsub("^[^:]*:%d+: ", "") end
show("link errors", {
  message(linked.insert_links, linked, {{from = "a", to = "b"}}),
  message(linked.insert_links, linked, {{id = 1, from = "a", to = "zz"}}),
  message(linked.insert_links, linked, {{id = 2, from = "a", to = "b", style = "wavy"}}),
  message(linked.set_links, linked, {{from = "a", to = "a"}}),
  message(linked.set_links, linked, {{id = 4, from = "a", to = "b"}, {id = 4, from = "b", to = 3}}),
  message(linked.link_route, linked, 99),
})
local place_links
canvas.resolve{items = {{id = "p", width = 10, height = 10}, {id = "q", width = 10, height = 10}},
  links = {{id = 5, from = "q", to = "p"}},
  layout = function(items, proposal, links)
    place_links = links
    return {{x = 0, y = 0, width = 10, height = 10}, {x = 20, y = 0, width = 10, height = 10}}
  end}
show("place links", place_links)
-- Links in updates, and cluster links under level of detail.
local row = canvas.new{layout = "free", viewport = {width = 300, height = 100, x = 0, y = 0, overscan = 0},
  items = {{id = "a", x = 0, y = 0, width = 100, height = 50}, {id = "b", x = 400, y = 0, width = 100, height = 50},
           {id = "c", x = 800, y = 0, width = 100, height = 50}},
  links = {{from = "a", to = "b"}, {from = "b", to = "c"}}}
show("link update", row:set_viewport{x = 550, y = 0, width = 300, height = 100})
row:set_viewport{x = 110, y = 0, width = 280, height = 100}
show("links-only update", row:set_viewport{x = 510, y = 0, width = 280, height = 100})
show("appeared/disappeared links", {row:appeared_links(), row:disappeared_links()})
local small, chain = {}, {}
for i = 1, 40 do small[i] = {id = i, x = (i - 1) * 12, y = 0, width = 6, height = 6} end
for i = 1, 39 do chain[i] = {from = i, to = i + 1} end
local clustered = canvas.new{layout = "free", items = small, links = chain, lod = {min_size = 8, cell = 40},
  viewport = {width = 800, height = 200, x = -10, y = -50}}
show("cluster_links()", clustered:cluster_links())
show("result cluster_links", clustered:result().cluster_links)
-- A press of the select tool on a link selects it; results carry selected_links.
local picked = canvas.new{layout = "free", tool = "select", viewport = {width = 600, height = 400, x = 0, y = 0},
  items = {{id = "a", x = 0, y = 0, width = 100, height = 50}, {id = "b", x = 300, y = 0, width = 100, height = 50}},
  links = {{from = "a", to = "b"}}}
picked:set_zoom(1)  -- results carry the selection from here
picked:pointer_down(200, 26, 0); picked:pointer_up(200, 26, 50)
show("selected_links in the result", picked:result().selected_links)
picked:key("delete", 100)
show("delete took the link", {#picked:links(), picked:count()})
picked:undo()
show("undo brought it back", picked:links())
