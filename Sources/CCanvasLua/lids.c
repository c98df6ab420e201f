/*
** lids.c: script ids <-> engine ids.
**
** A script names items by integers or strings; the engine by uint64. A
** non-negative integer id is its own engine id. Strings (and negative
** integers) are interned into the upper half of the uint64 range, so ids
** that survive a change of items keep their engine id, and with it their
** cached measurements.
**
** Interned ids follow the live items: reading a new list of items interns
** its new ids into a pending table only, and once the engine has taken the
** items, lcanvas_commit_ids keeps exactly the ids of the list (old and new)
** and lets every other go. A failed call leaves the committed tables as
** they were (its pending table goes at the next read). An id that comes back
** after it was dropped gets a fresh engine id (they are never reused), and is
** measured again, as the engine forgets sizes of ids that left (see
** CanvasEngine+Sizing.swift).
**
** Edits (c:insert) add their new ids to the committed tables once the
** engine took them, and drop none: c:remove can be undone, and undo brings
** an item back with its engine id. What edits interned goes at the next
** set_items, which also clears the undo history.
*/
#include "lcanvas_internal.h"

#define INTERNED_BASE ((uint64_t)1 << 63)

void lcanvas_begin_ids(lua_State *L, int state) {
    lua_newtable(L);
    lua_setfield(L, state, "pending");
    lua_getfield(L, state, "next");
    lua_setfield(L, state, "pending_next");
}

/* Pushes table[id] and returns its type. */
static int lookup(lua_State *L, int state, const char *table, int id) {
    lua_getfield(L, state, table);
    if (!lua_istable(L, -1)) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return LUA_TNIL;
    }
    lua_pushvalue(L, id);
    int type = lua_rawget(L, -2);
    lua_remove(L, -2);
    return type;
}

uint64_t lcanvas_engine_id(lua_State *L, int state, int id) {
    id = lua_absindex(L, id);
    if (lua_isinteger(L, id) && lua_tointeger(L, id) >= 0)
        return (uint64_t)lua_tointeger(L, id);
    if (lua_getfield(L, state, "pending") != LUA_TTABLE) lcanvas_begin_ids(L, state);
    lua_pop(L, 1);
    for (int i = 0; i < 2; i++) {
        if (lookup(L, state, i ? "pending" : "keys", id) == LUA_TNUMBER) {
            uint64_t key = (uint64_t)lua_tointeger(L, -1);
            lua_pop(L, 1);
            return key;
        }
        lua_pop(L, 1);
    }
    lua_getfield(L, state, "pending_next");
    uint64_t key = INTERNED_BASE + (uint64_t)lua_tointeger(L, -1);
    lua_pushinteger(L, lua_tointeger(L, -1) + 1);
    lua_setfield(L, state, "pending_next");
    lua_pop(L, 1);
    lua_getfield(L, state, "pending");
    lua_pushvalue(L, id);
    lua_pushinteger(L, (lua_Integer)key);
    lua_rawset(L, -3);                      /* pending[id] = key */
    lua_pop(L, 1);
    return key;
}

void lcanvas_keep_pending_ids(lua_State *L, int state) {
    state = lua_absindex(L, state);
    if (lua_getfield(L, state, "pending") != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int pending = lua_gettop(L);
    lua_getfield(L, state, "keys");
    lua_getfield(L, state, "names");
    lua_pushnil(L);
    while (lua_next(L, pending)) {          /* id, key */
        lua_pushvalue(L, -2);
        lua_pushvalue(L, -2);
        lua_rawset(L, pending + 1);         /* keys[id] = key */
        lua_pushvalue(L, -2);
        lua_rawseti(L, pending + 2, lua_tointeger(L, -2));  /* names[key] = id */
        lua_pop(L, 1);
    }
    lua_pop(L, 3);
    lua_getfield(L, state, "pending_next");
    lua_setfield(L, state, "next");
    lua_pushnil(L);
    lua_setfield(L, state, "pending");
}

void lcanvas_commit_ids(lua_State *L, int state) {
    state = lua_absindex(L, state);
    lua_newtable(L);                        /* keys */
    int keys = lua_gettop(L);
    lua_newtable(L);                        /* names */
    int names = keys + 1;
    if (lua_getfield(L, state, "ids") == LUA_TTABLE) {
        int ids = lua_gettop(L);
        lua_Integer count = (lua_Integer)lua_rawlen(L, ids);
        for (lua_Integer i = 1; i <= count; i++) {
            lua_rawgeti(L, ids, i);
            int id = lua_gettop(L);
            if (!(lua_isinteger(L, id) && lua_tointeger(L, id) >= 0)) {
                uint64_t key = lcanvas_engine_id(L, state, id);
                lua_pushvalue(L, id);
                lua_pushinteger(L, (lua_Integer)key);
                lua_rawset(L, keys);
                lua_pushvalue(L, id);
                lua_rawseti(L, names, (lua_Integer)key);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    lua_setfield(L, state, "names");
    lua_setfield(L, state, "keys");
    lua_getfield(L, state, "pending_next");
    if (lua_isinteger(L, -1)) lua_setfield(L, state, "next");
    else lua_pop(L, 1);
    lua_pushnil(L);
    lua_setfield(L, state, "pending");
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
