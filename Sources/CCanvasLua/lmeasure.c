/*
** lmeasure.c: a Lua function as a canvas_measure_fn.
**
**     measure = function(item, proposal_width) return width, height end
**
** item is {index=, id=} (index 1-based, id as the script gave it);
** proposal_width is nil when the canvas leaves the width open.
**
** The engine calls lcanvas_measure from inside canvas_step, with Swift
** frames below us on the C stack, so its Lua work (measure_protected) runs
** through lcanvas_callback, which keeps every Lua error on this side.
*/
#include <math.h>
#include <stdio.h>

#include "lcanvas_internal.h"

typedef struct measure_call {
    uint64_t id;
    size_t index;
    double proposal_width;
    canvas_size *size_out;
} measure_call;

/*
** Raises the message on top of the stack about what the measure function
** returned: placed at the function's definition ("sizes.lua:12:"), since no
** line of it is running any more, and with a traceback to where the canvas
** was resolved from.
*/
static int returned_badly(lua_State *L, int state) {
    const char *problem = lua_tostring(L, -1);
    lua_Debug ar;
    lua_getfield(L, state, "measure");
    lua_getinfo(L, ">S", &ar);
    if (ar.linedefined > 0)
        lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.linedefined, problem);
    else
        lua_pushstring(L, problem);
    luaL_traceback(L, L, lua_tostring(L, -1), 1);
    return lua_error(L);
}

/* The number a measure function returned at index, checked. */
static double returned_side(lua_State *L, int state, int index, const char *where, const char *key) {
    if (lua_type(L, index) != LUA_TNUMBER) {
        lua_pushfstring(L, "%s.%s: expected a number, got %s", where, key, luaL_typename(L, index));
        returned_badly(L, state);
    }
    double value = lua_tonumber(L, index);
    if (!isfinite(value)) {
        lua_pushfstring(L, "%s.%s: expected a finite number, got %s", where, key,
                        isnan(value) ? "nan" : value > 0 ? "inf" : "-inf");
        returned_badly(L, state);
    }
    if (value < 0) {
        lua_pushfstring(L, "%s.%s: expected a non-negative number, got %f", where, key, (lua_Number)value);
        returned_badly(L, state);
    }
    return value;
}

/*
** Under lua_pcall, with 1 = the call (light userdata), 2 = the canvas
** userdata. Errors in the script's measure function get a traceback from
** the handler; errors in what it returned name the item and the side.
*/
static int measure_protected(lua_State *L) {
    const measure_call *call = lua_touserdata(L, 1);
    char where[64];
    snprintf(where, sizeof where, "measure: items[%llu]", (unsigned long long)call->index + 1);
    lua_getiuservalue(L, 2, 1);             /* 3: the canvas's Lua state table */
    lua_pushcfunction(L, lcanvas_traceback); /* 4 */
    lua_getfield(L, 3, "measure");          /* 5: measure */
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, (lua_Integer)call->index + 1);
    lua_setfield(L, -2, "index");
    lcanvas_push_script_id(L, 3, call->id);
    lua_setfield(L, -2, "id");
    if (isnan(call->proposal_width)) lua_pushnil(L);
    else lua_pushnumber(L, call->proposal_width);
    if (lua_pcall(L, 2, 2, 4) != LUA_OK) return lua_error(L);
    /* 5: width, 6: height */
    call->size_out->width = returned_side(L, 3, 5, where, "width");
    call->size_out->height = returned_side(L, 3, 6, where, "height");
    return 0;
}

canvas_status lcanvas_measure(void *user, uint64_t id, size_t index, double proposal_width,
                              canvas_size *size_out) {
    measure_call call = {id, index, proposal_width, size_out};
    return lcanvas_callback(user, measure_protected, &call, "measure");
}
