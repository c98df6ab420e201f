/*
** lhistory.c: the undo history's memory budget,
**
**     c:set_history_limit(bytes)   -- a non-negative integer; 0 keeps only the newest step
**     c:history_limit()            -- the budget in bytes (64 MiB unless set)
**
** and a host's cap on it (canvas-lua: a quarter of --max-memory), which new
** canvases start at when it is below the engine's default and which
** set_history_limit may not pass, so the engine's largest allocation
** counts against the host's memory limit.
*/
#include "lcanvas_internal.h"
#include "lcanvas.h"

#define CAP_KEY "canvas.history_cap"
#define CAP_REASON_KEY "canvas.history_cap_reason"

void lcanvas_set_history_cap(lua_State *L, uint64_t bytes, const char *reason) {
    lua_pushinteger(L, bytes > (uint64_t)LUA_MAXINTEGER ? LUA_MAXINTEGER : (lua_Integer)bytes);
    lua_setfield(L, LUA_REGISTRYINDEX, CAP_KEY);
    lua_pushstring(L, reason ? reason : "the host's memory limit");
    lua_setfield(L, LUA_REGISTRYINDEX, CAP_REASON_KEY);
}

/* The host's cap, or -1 when it set none. */
static lua_Integer history_cap(lua_State *L) {
    lua_getfield(L, LUA_REGISTRYINDEX, CAP_KEY);
    lua_Integer cap = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : -1;
    lua_pop(L, 1);
    return cap;
}

void lcanvas_apply_history_cap(lua_State *L, lcanvas *canvas) {
    lua_Integer cap = history_cap(L);
    if (cap < 0) return;
    uint64_t current = 0;
    lcanvas_check_status(L, canvas, canvas_get_history_limit(canvas->engine, &current));
    if ((uint64_t)cap < current)
        lcanvas_check_status(L, canvas, canvas_set_history_limit(canvas->engine, (uint64_t)cap));
}

static int m_set_history_limit(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int exact = 0;
    lua_Integer bytes = lua_type(L, 2) == LUA_TNUMBER ? lua_tointegerx(L, 2, &exact) : 0;
    if (!exact || bytes < 0)
        return luaL_error(L, "set_history_limit: expected a non-negative integer of bytes, got %s", lcanvas_got(L, 2));
    lua_Integer cap = history_cap(L);
    if (cap >= 0 && bytes > cap) {
        lua_getfield(L, LUA_REGISTRYINDEX, CAP_REASON_KEY);
        return luaL_error(L, "set_history_limit: %I bytes is above the cap of %I bytes (%s)", bytes, cap, lua_tostring(L, -1));
    }
    lcanvas_check_status(L, canvas, canvas_set_history_limit(canvas->engine, (uint64_t)bytes));
    return 0;
}

static int m_history_limit(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t bytes = 0;
    lcanvas_check_status(L, canvas, canvas_get_history_limit(canvas->engine, &bytes));
    lua_pushinteger(L, bytes > (uint64_t)LUA_MAXINTEGER ? LUA_MAXINTEGER : (lua_Integer)bytes);
    return 1;
}

static const luaL_Reg history_methods[] = {
    {"set_history_limit", m_set_history_limit},
    {"history_limit", m_history_limit},
    {NULL, NULL},
};

void lcanvas_open_history_methods(lua_State *L) {
    luaL_setfuncs(L, history_methods, 0);
}
