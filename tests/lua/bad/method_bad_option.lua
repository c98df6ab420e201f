-- expect: method_bad_option.lua:4: bad argument #1 to 'page' (invalid option 'sideways')
local canvas = require "canvas"
local c = canvas.new{items = 4, item_size = {50, 50}, viewport = {width = 60, height = 60}}
c:page("sideways")
