/* Lua 5.4's headers; their folder comes from pkg-config lua5.4 (Package.swift). */
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
