-- ring_viewport.lua: the ring from ring.lua, seen through a 400 x 300
-- window that opens on the ring's right-hand side, over a dotted backdrop.
-- Items outside the window (and its overscan) are culled: the JSON lists
-- the visible ones, and the SVG picture dims the rest.
--
--   canvas-lua scripts/layouts/ring_viewport.lua
--   canvas-lua --svg ring.svg scripts/layouts/ring_viewport.lua

-- A description is a plain table: take ring.lua's and add a view of it.
local here = arg and arg[0] and arg[0]:match("(.*/)") or ""
local description = dofile(here .. "ring.lua")

-- The window opens at the trailing edge, halfway down:
-- offset = max(0, content - viewport) * anchor = (240, 170).
description.viewport = {width = 400, height = 300, overscan = 32}
description.initial_anchor = "trailing"
description.backdrop = {kind = "dots", spacing = 20, radius = 1.5}
return description
