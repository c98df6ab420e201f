/*
** lcallback.c: running Lua for a callback the engine is making.
**
** The engine calls place, measure and zoom callbacks from inside an engine
** call, with Swift frames below us on the C stack. A Lua error leaves by
** longjmp, which must never cross those frames, so every callback does its
** Lua work in a function run under lua_pcall here. Before the pcall only
** values that cannot fail to allocate are pushed (a light C function, a
** light userdata, a copy of a stack slot), after checking the stack has
** room. A failure goes to the engine through canvas_callback_error and comes
** back as CANVAS_ERR_CALLBACK; the binding raises it as a Lua error once the
** engine call has returned.
*/
#include <stdio.h>

#include "lcanvas_internal.h"

canvas_status lcanvas_callback(lcanvas *canvas, lua_CFunction body, void *call, const char *what) {
    lua_State *L = canvas->L;
    if (canvas->calling == 0 || L == NULL) {
        /* An engine call made outside LCANVAS_CALL: no Lua state is ours to run on. */
        char message[96];
        snprintf(message, sizeof message, "%s: called outside a binding call (a bug in the Lua binding)", what);
        canvas_callback_error(canvas->engine, message);
        return CANVAS_ERR_CALLBACK;
    }
    if (!lua_checkstack(L, 4)) {
        char message[64];
        snprintf(message, sizeof message, "%s: Lua stack overflow", what);
        canvas_callback_error(canvas->engine, message);
        return CANVAS_ERR_CALLBACK;
    }
    int base = lua_gettop(L);
    lua_pushcfunction(L, body);
    lua_pushlightuserdata(L, call);
    lua_pushvalue(L, canvas->self_index);
    int status = lua_pcall(L, 2, 0, 0);
    if (status != LUA_OK) {
        /* Our errors and the traceback handler's are strings (a memory error
           leaves Lua's own); lua_tostring of anything else would allocate. */
        const char *message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : what;
        canvas_callback_error(canvas->engine, message);
    }
    lua_settop(L, base);
    return status == LUA_OK ? CANVAS_OK : CANVAS_ERR_CALLBACK;
}
