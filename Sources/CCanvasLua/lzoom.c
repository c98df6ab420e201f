/*
** lzoom.c: on_zoom_begin, on_zoom and on_zoom_end as one canvas_zoom_fn.
**
**     on_zoom = function(scale) ... end          the scale changed
**     on_zoom_begin = function(scale) ... end    a pinch began (at this scale)
**     on_zoom_end = function(scale) ... end      a pinch ended or was cancelled
**
** The engine calls lcanvas_zoom from inside the call that zoomed (a setter,
** a pinch, set_items...), with Swift frames below us: the Lua work runs
** through lcanvas_callback. A failure makes the engine undo the whole call;
** the binding raises the message once the call has returned.
*/
#include "lcanvas_internal.h"

static const char *const handlers[] = {"on_zoom_begin", "on_zoom", "on_zoom_end"};

typedef struct zoom_call {
    canvas_zoom_event event;
    double scale;
} zoom_call;

/* Under lua_pcall (see lcallback.c), with 1 = the call, 2 = the canvas userdata. */
static int zoom_protected(lua_State *L) {
    const zoom_call *call = lua_touserdata(L, 1);
    lua_getiuservalue(L, 2, 1);             /* 3: the canvas's Lua state table */
    lua_pushcfunction(L, lcanvas_traceback); /* 4 */
    if (lua_getfield(L, 3, handlers[call->event]) == LUA_TNIL) return 0;
    lua_pushnumber(L, call->scale);
    if (lua_pcall(L, 1, 0, 4) != LUA_OK) return lua_error(L);
    return 0;
}

canvas_status lcanvas_zoom(void *user, canvas_zoom_event event, double scale) {
    if (event < CANVAS_ZOOM_WILL_BEGIN || event > CANVAS_ZOOM_DID_END) return CANVAS_OK;  /* a newer event */
    zoom_call call = {event, scale};
    return lcanvas_callback(user, zoom_protected, &call, "on_zoom");
}
