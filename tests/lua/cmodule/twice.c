/* A C module as Debian's are: built against Lua's headers, not linked
   against liblua, so it takes Lua's C API from the interpreter that loads it
   (tests/lua/cli and tests/install/run load it into canvas-lua). */
#include <lua.h>
#include <lauxlib.h>

static int twice(lua_State *L) {
    lua_pushinteger(L, 2 * luaL_checkinteger(L, 1));
    return 1;
}

int luaopen_twice(lua_State *L) {
    luaL_Reg functions[] = {{"twice", twice}, {NULL, NULL}};
    luaL_newlib(L, functions);
    return 1;
}
