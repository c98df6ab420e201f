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
** engine took them: c:remove can be undone, and undo brings an item back
** with its engine id, so an id is kept while a history step may name it.
** The history keeps at most its last 100 pushed steps (History.limit; undo
** and redo push none), so every SWEEP_EDITS counted edits the tables are
** swept down to the ids on the canvas now and state.carry: the ids on it at
** the previous sweep, interned or inserted since, or brought back by an
** undo or redo since. Any other id left the canvas before the previous
** sweep and stayed off through more pushes than the history keeps. Only
** inserts outside a batch are counted (each pushes one step): counting
** fewer pushes than happened only sweeps later. set_items clears the history
** and keeps just its own ids.
*/
#include "lcanvas_internal.h"

#define INTERNED_BASE ((uint64_t)1 << 63)
#define SWEEP_EDITS 1024   /* counted pushes between sweeps: well past History's 100 steps */

/* state.carry, made when missing; pushed. */
static int push_carry(lua_State *L, int state) {
    if (lua_getfield(L, state, "carry") != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, state, "carry");
    }
    return lua_gettop(L);
}

/* carry[name] = key for every interned id on the canvas now. */
static void carry_live(lua_State *L, lcanvas *canvas, int state, int carry) {
    size_t count = 0;
    const uint64_t *ids = lcanvas_copy_ids_to_buffer(L, canvas, canvas_copy_ids, &count);
    lua_getfield(L, state, "names");
    int names = lua_gettop(L);
    for (size_t i = 0; i < count; i++) {
        if (ids[i] < INTERNED_BASE) continue;
        if (lua_rawgeti(L, names, (lua_Integer)ids[i]) == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushinteger(L, (lua_Integer)ids[i]);
        lua_rawset(L, carry);
    }
    lua_pop(L, 2);  /* names, the ids buffer */
}

void lcanvas_note_live_ids(lua_State *L, lcanvas *canvas, int state) {
    state = lua_absindex(L, state);
    push_carry(L, state);
    carry_live(L, canvas, state, lua_gettop(L));
    lua_pop(L, 1);
}

/* Keeps the ids on the canvas and those carried; what is on it now is carried to the next sweep. */
static void sweep(lua_State *L, lcanvas *canvas, int state) {
    int carry = push_carry(L, state);
    lua_newtable(L);
    int fresh = lua_gettop(L);              /* the next carry: the ids on the canvas now */
    carry_live(L, canvas, state, fresh);
    lua_newtable(L);
    int keys = lua_gettop(L);
    lua_newtable(L);
    int names = keys + 1;
    for (int from = carry; from <= fresh; from += fresh - carry) {
        lua_pushnil(L);
        while (lua_next(L, from)) {         /* id, key */
            lua_pushvalue(L, -2);
            lua_pushvalue(L, -2);
            lua_rawset(L, keys);
            lua_pushvalue(L, -2);
            lua_rawseti(L, names, lua_tointeger(L, -2));
            lua_pop(L, 1);
        }
    }
    lua_setfield(L, state, "names");
    lua_setfield(L, state, "keys");
    lua_setfield(L, state, "carry");
    lua_pop(L, 1);
    lua_pushinteger(L, 0);
    lua_setfield(L, state, "edits");
}

void lcanvas_note_edit(lua_State *L, lcanvas *canvas, int state) {
    state = lua_absindex(L, state);
    lua_getfield(L, state, "edits");
    lua_Integer edits = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, edits);
    lua_setfield(L, state, "edits");
    if (edits >= SWEEP_EDITS) sweep(L, canvas, state);
}

void lcanvas_carry_id(lua_State *L, int state, int id, uint64_t key) {
    if (key < INTERNED_BASE) return;
    id = lua_absindex(L, id);
    state = lua_absindex(L, state);
    int carry = push_carry(L, state);
    lua_pushvalue(L, id);
    lua_pushinteger(L, (lua_Integer)key);
    lua_rawset(L, carry);
    lua_pop(L, 1);
}

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
    push_carry(L, state);
    lua_pushnil(L);
    while (lua_next(L, pending)) {          /* id, key */
        lua_pushvalue(L, -2);
        lua_pushvalue(L, -2);
        lua_rawset(L, pending + 1);         /* keys[id] = key */
        lua_pushvalue(L, -2);
        lua_rawseti(L, pending + 2, lua_tointeger(L, -2));  /* names[key] = id */
        lua_pushvalue(L, -2);
        lua_pushvalue(L, -2);
        lua_rawset(L, pending + 3);         /* carry[id] = key */
        lua_pop(L, 1);
    }
    lua_pop(L, 4);
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
    lua_pushnil(L);
    lua_setfield(L, state, "carry");        /* the history is cleared with the items */
    lua_pushinteger(L, 0);
    lua_setfield(L, state, "edits");
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
