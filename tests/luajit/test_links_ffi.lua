-- canvas.ffi's methods over the published links, cluster links and link
-- selection (canvas.h "Links"). The links are set through the C call (the
-- description's links key is the 5.4 module's and canvas.ffi's next step).
local ffi = require "ffi"
local canvas = require "canvas.ffi"
local C = ffi.load(os.getenv("CANVAS_LIB"))

local function set_links(c, list)
  local links = ffi.new("canvas_link[?]", #list)
  for i, l in ipairs(list) do
    links[i - 1].id, links[i - 1].source, links[i - 1].target = l[1], l[2], l[3]
  end
  assert(C.canvas_set_links(c.engine, links, #list) == C.CANVAS_OK)
end

local function same(a, b, what)
  assert(#a == #b, what .. ": " .. #a .. " values, expected " .. #b)
  for i = 1, #b do assert(a[i] == b[i], what .. ": value " .. i .. " is " .. tostring(a[i])) end
end

local c = canvas.new{layout = "free", viewport = {width = 1000, height = 1000, x = 0, y = 0},
                     items = {{id = 10, x = 0, y = 0, width = 20, height = 20}, {id = 20, x = 30, y = 0, width = 20, height = 10},
                              {id = 30, x = 300, y = 0, width = 20, height = 10}, {id = 40, x = 600, y = 0, width = 100, height = 40}}}
c:set_zoom(0.35)
set_links(c, {{1, 10, 20}, {2, 10, 30}, {3, 30, 20}, {4, 30, 40}})
same(c:appeared_links(), {1, 2, 3, 4}, "appeared")
same(c:disappeared_links(), {}, "disappeared")
c:set_lod{min_size = 8, cell = 16}
same(c:disappeared_links(), {1, 2, 3, 4}, "disappeared under level of detail")
local clustered = c:cluster_links()
assert(#clustered == 2, "two cluster links, got " .. #clustered)
assert(clustered[1].from == 10 and clustered[1].to == 30 and clustered[1].count == 2, "clusters 10 and 30")
assert(clustered[1].from_kind == "cluster" and clustered[1].to_kind == "cluster")
assert(clustered[2].from == 30 and clustered[2].to == 40 and clustered[2].to_kind == "item", "cluster 30 and card 40")
c:set_lod(false)
same(c:cluster_links(), {}, "no cluster links without level of detail")

c:select_link(1)
c:select_link(3, true)
same(c:selected_links(), {1, 3}, "selected links")
c:deselect_link(1)
same(c:selected_links(), {3}, "after deselect_link")
assert(not pcall(function() c:select_link(99) end), "an unknown link is refused")
assert(not pcall(function() c:select_link("x") end), "a link id is an integer")
assert(c:marquee_links() == false)
c:set_marquee_links(true)
assert(c:marquee_links() == true)
c:clear_link_selection()
same(c:selected_links(), {}, "cleared")
print("test_links_ffi.lua: all checks passed")
