-- args: --max-memory 16M
-- expect: set_history_limit: 1073741824 bytes is above the cap of 4194304 bytes (a quarter of --max-memory)
local c = require("canvas").new{layout = "free", items = {}}
c:set_history_limit(1 << 30)
