/*
** lzoom.c: on_zoom_begin, on_zoom and on_zoom_end as one canvas_zoom_fn.
**
**     on_zoom = function(scale) ... end          the scale changed
**     on_zoom_begin = function(scale) ... end    a pinch began (at this scale)
**     on_zoom_end = function(scale) ... end      a pinch ended or was cancelled
**
** The engine calls lcanvas_zoom from inside the call that zoomed (a setter,
** a pinch, set_items...), with Swift frames below us, so it follows
** lplace.c: Lua work only under lua_pcall, nothing allocating pushed before
** it. A failure makes the engine undo the whole call; the binding raises
** the message once the call has returned.
*/
#include "lcanvas_internal.h"

static const char *const handlers[] = {"on_zoom_begin", "on_zoom", "on_zoom_end"};

/* Under lua_pcall, with 1 = the canvas userdata, 2 = the event, 3 = the scale. */
static int zoom_protected(lua_State *L) {
    lua_Integer event = lua_tointeger(L, 2);
    lua_getiuservalue(L, 1, 1);             /* 4: the canvas's Lua state table */
    lua_pushcfunction(L, lcanvas_traceback); /* 5 */
    if (lua_getfield(L, 4, handlers[event]) == LUA_TNIL) return 0;
    lua_pushvalue(L, 3);
    if (lua_pcall(L, 1, 0, 5) != LUA_OK) return lua_error(L);
    return 0;
}

canvas_status lcanvas_zoom(void *user, canvas_zoom_event event, double scale) {
    lcanvas *canvas = user;
    lua_State *L = canvas->L;
    if (event < CANVAS_ZOOM_WILL_BEGIN || event > CANVAS_ZOOM_DID_END) return CANVAS_OK;  /* a newer event */
    if (!lua_checkstack(L, 4)) {
        canvas_callback_error(canvas->engine, "on_zoom: Lua stack overflow");
        return CANVAS_ERR_CALLBACK;
    }
    int base = lua_gettop(L);
    lua_pushcfunction(L, zoom_protected);
    lua_pushvalue(L, canvas->self_index);
    lua_pushinteger(L, event);
    lua_pushnumber(L, scale);
    int status = lua_pcall(L, 3, 0, 0);
    if (status != LUA_OK) {
        const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "on_zoom: error";
        canvas_callback_error(canvas->engine, message);
    }
    lua_settop(L, base);
    return status == LUA_OK ? CANVAS_OK : CANVAS_ERR_CALLBACK;
}
