/*
** lluaheaders.h: Lua 5.4's headers for the Lua module and canvas-lua, found
** without a compiler flag: Debian and Ubuntu keep them in lua5.4/, other
** systems in the include folder itself. The module is not linked against
** liblua (the interpreter that loads it has Lua), and canvas-lua may have
** Lua linked in (scripts/lua-object), so neither needs pkg-config's flags.
*/
#ifndef LLUAHEADERS_H
#define LLUAHEADERS_H

#if __has_include(<lua5.4/lua.h>)
#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>
#else
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#endif

#endif
