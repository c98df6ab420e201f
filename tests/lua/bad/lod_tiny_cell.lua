-- expect: cell 1e-300 is below the smallest cell
-- A cell of 1e-300 once trapped (exit 132) counting the level's cells (issue 21).
return {items = 100, item_size = {1, 1}, viewport = {width = 100, height = 100}, lod = {cell = 1e-300}}
