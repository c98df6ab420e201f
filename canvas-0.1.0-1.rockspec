-- The Lua 5.4 module `canvas` (require "canvas"), built with SwiftPM, and
-- canvas.ffi for LuaJIT and LÖVE with the library it loads:
--   luarocks make                   (into the default tree)
--   luarocks make --tree DIR        (into DIR: DIR/lib/lua/5.4/canvas.so,
--                                    DIR/share/lua/5.4/canvas/ffi.lua,
--                                    DIR/lib/lua/5.4/canvas/libcanvas.so)
--   scripts/rock, then luarocks install dist/canvas-VERSION-1.src.rock
--                                   (a source rock that carries the tree)
-- Needs the Swift toolchain and Lua 5.4's headers (scripts/setup installs them).
rockspec_format = "3.0"
package = "canvas"
version = "0.1.0-1"
-- There is no public host yet, so the source is this checkout: luarocks make
-- builds it where it is, and scripts/rock packs it into a source rock whose
-- rockspec names the real git+file URL and commit it was packed from (the
-- rock carries the source, so it installs with no network). Once the project
-- has a home, this url becomes git+https://HOST/canvas.git with tag = "0.1.0".
source = {
   url = "git+file://.",
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
   -- canvas.ffi loads libcanvas.so: the rock puts it beside the module, where
   -- canvas.ffi looks when it sits in a tree's share/lua/5.4.
   build_command = "env -u CC -u CFLAGS -u LDFLAGS -u LIBFLAG swift build -c release --product canvaslua --scratch-path .build/luarocks -Xswiftc -static-stdlib && env -u CC -u CFLAGS -u LDFLAGS -u LIBFLAG swift build -c release --product canvas --scratch-path .build/luarocks -Xswiftc -static-stdlib && cp .build/luarocks/release/libcanvaslua.so .build/luarocks/canvas.so",
   install = {
      lib = {
         canvas = ".build/luarocks/canvas.so",  -- require looks for canvas.so
         ["canvas.libcanvas"] = ".build/luarocks/release/libcanvas.so",
      },
      lua = {
         ["canvas.ffi"] = "lua/canvas/ffi.lua",
      },
   },
}
