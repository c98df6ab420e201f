/*
** lids.c: script ids <-> engine ids.
**
** A script names items by integers or strings; the engine by uint64. A
** non-negative integer id is its own engine id. Strings (and negative
** integers) are interned into the upper half of the uint64 range, once per
** distinct id per canvas, so ids that survive a change of items keep their
** engine id, and with it their cached measurements.
*/
#include "lcanvas_internal.h"

#define INTERNED_BASE ((uint64_t)1 << 63)

uint64_t lcanvas_engine_id(lua_State *L, int state, int id) {
    id = lua_absindex(L, id);
    if (lua_isinteger(L, id) && lua_tointeger(L, id) >= 0)
        return (uint64_t)lua_tointeger(L, id);
    lua_getfield(L, state, "keys");
    lua_pushvalue(L, id);
    if (lua_rawget(L, -2) == LUA_TNUMBER) {
        uint64_t key = (uint64_t)lua_tointeger(L, -1);
        lua_pop(L, 2);
        return key;
    }
    lua_pop(L, 1);
    lua_getfield(L, state, "next");
    uint64_t key = INTERNED_BASE + (uint64_t)lua_tointeger(L, -1);
    lua_pushinteger(L, lua_tointeger(L, -1) + 1);
    lua_setfield(L, state, "next");
    lua_pop(L, 1);
    lua_pushvalue(L, id);
    lua_pushinteger(L, (lua_Integer)key);
    lua_rawset(L, -3);                      /* keys[id] = key */
    lua_pop(L, 1);
    lua_getfield(L, state, "names");
    lua_pushvalue(L, id);
    lua_rawseti(L, -2, (lua_Integer)key);   /* names[key] = id */
    lua_pop(L, 1);
    return key;
}

void lcanvas_push_script_id(lua_State *L, int state, uint64_t key) {
    if (key < INTERNED_BASE) {
        lua_pushinteger(L, (lua_Integer)key);
        return;
    }
    lua_getfield(L, state, "names");
    lua_rawgeti(L, -1, (lua_Integer)key);
    lua_remove(L, -2);
}

int lcanvas_known_id(lua_State *L, int state, int id, uint64_t *out) {
    id = lua_absindex(L, id);
    if (lua_isinteger(L, id) && lua_tointeger(L, id) >= 0) {
        *out = (uint64_t)lua_tointeger(L, id);
        return 1;
    }
    lua_getfield(L, state, "keys");
    lua_pushvalue(L, id);
    int found = lua_rawget(L, -2) == LUA_TNUMBER;
    if (found) *out = (uint64_t)lua_tointeger(L, -1);
    lua_pop(L, 2);
    return found;
}

void lcanvas_new_state(lua_State *L) {
    lua_createtable(L, 0, 5);
    lua_newtable(L);
    lua_setfield(L, -2, "keys");
    lua_newtable(L);
    lua_setfield(L, -2, "names");
    lua_pushinteger(L, 0);
    lua_setfield(L, -2, "next");
    lua_newtable(L);
    lua_setfield(L, -2, "ids");
}
