-- The Lua 5.4 module `canvas` (require "canvas"), built with SwiftPM:
--   luarocks make                   (into the default tree)
--   luarocks make --tree DIR        (into DIR: DIR/lib/lua/5.4/canvas.so)
-- Needs the Swift toolchain and Lua 5.4's headers (scripts/setup installs them).
rockspec_format = "3.0"
package = "canvas"
version = "0.1.0-1"
source = {
   url = "git+file://.",  -- built from this checkout (luarocks make); not on luarocks.org
}
description = {
   summary = "A headless 2D canvas layout and viewport engine",
   detailed = [[
Layouts are place functions over sizes (flow, grid, or your own in Lua); the
engine normalizes, mirrors, anchors and sizes what they return, and is the
viewport onto the result: culling, scrolling, paging, measuring, pinch zoom
and selection.]],
   license = "MIT",
}
dependencies = {
   "lua >= 5.4, < 5.5",
}
build = {
   type = "command",
   -- LuaRocks exports CC, CFLAGS and LDFLAGS for C builds; SwiftPM's C targets
   -- reject gcc's flags (-target), so swift build runs with them unset. The
   -- Swift runtime is linked in, so the module needs no toolchain at run time.
   -- SwiftPM names the library libcanvaslua.so; require wants canvas.so.
   build_command = "env -u CC -u CFLAGS -u LDFLAGS -u LIBFLAG swift build -c release --product canvaslua --scratch-path .build/luarocks -Xswiftc -static-stdlib && cp .build/luarocks/release/libcanvaslua.so .build/luarocks/canvas.so",
   install = {
      lib = {
         canvas = ".build/luarocks/canvas.so",  -- require looks for canvas.so
      },
   },
}
