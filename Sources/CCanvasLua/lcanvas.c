/*
** lcanvas.c: the `canvas` Lua module.
**
**     local canvas = require "canvas"
**     local result = canvas.resolve{items = 12, item_size = {80, 60}, layout = canvas.grid{columns = 4}}
**     print(result.content_size.width, result.items[1].x)
**
** The module reaches the engine only through canvas.h. Engine calls that
** can run Lua callbacks go through LCANVAS_CALL, and errors are raised only
** after the engine call has returned, so no Lua error crosses a Swift frame.
*/
#include <stdlib.h>
#include <string.h>

#include "lcanvas.h"
#include "lcanvas_internal.h"

/* ---- the canvas object ---------------------------------------------- */

lcanvas *lcanvas_check(lua_State *L, int index) {
    lcanvas *canvas = luaL_checkudata(L, index, LCANVAS_OBJECT);
    if (canvas->engine == NULL) luaL_error(L, "attempt to use a closed canvas");
    return canvas;
}

/* Raises the engine's last error as a Lua error when status is a failure. */
void lcanvas_check_status(lua_State *L, lcanvas *canvas, canvas_status status) {
    if (status == CANVAS_OK) return;
    /* Callback failures already carry their own location and traceback. */
    lua_pushstring(L, canvas_engine_last_error(canvas->engine));
    lua_error(L);
}

/* Message handler: appends a traceback to string messages, as lua.c does. */
int lcanvas_traceback(lua_State *L) {
    const char *message = lua_tostring(L, 1);
    if (message == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    if (strstr(message, "stack traceback:")) {
        lua_pushstring(L, message);  /* a nested error already has one */
        return 1;
    }
    luaL_traceback(L, L, message, 1);
    return 1;
}

/* Pushes a new canvas userdata with a fresh engine. */
static lcanvas *push_canvas(lua_State *L) {
    lcanvas *canvas = lua_newuserdatauv(L, sizeof *canvas, 1);
    canvas->engine = NULL;
    canvas->L = L;
    canvas->self_index = 0;
    luaL_setmetatable(L, LCANVAS_OBJECT);
    lcanvas_new_state(L);
    lua_setiuservalue(L, -2, 1);
    canvas->engine = canvas_engine_create();
    if (canvas->engine == NULL) luaL_error(L, "not enough memory for a canvas engine");
    return canvas;
}

static int canvas_gc(lua_State *L) {
    lcanvas *canvas = luaL_checkudata(L, 1, LCANVAS_OBJECT);
    canvas_engine_destroy(canvas->engine);
    canvas->engine = NULL;
    return 0;
}

static int canvas_tostring(lua_State *L) {
    lcanvas *canvas = luaL_checkudata(L, 1, LCANVAS_OBJECT);
    if (canvas->engine == NULL)
        lua_pushliteral(L, "canvas (closed)");
    else
        lua_pushfstring(L, "canvas (%d items)", (int)canvas_get_item_count(canvas->engine));
    return 1;
}

/* Resolves the canvas at index self; raises on failure, state unchanged. */
static void resolve_at(lua_State *L, int self) {
    lcanvas *canvas = lcanvas_check(L, self);
    canvas_status status = LCANVAS_CALL(L, canvas, self, canvas_resolve(canvas->engine));
    lcanvas_check_status(L, canvas, status);
}

/* Pushes the resolved canvas as a plain table. */
static void push_result(lua_State *L, int self) {
    self = lua_absindex(L, self);
    lcanvas *canvas = lcanvas_check(L, self);
    canvas_size content_size;
    canvas_rect bounds;
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_get_content_size(canvas->engine, &content_size));
    lcanvas_check_status(L, canvas, canvas_get_content_bounds(canvas->engine, &bounds));
    lcanvas_check_status(L, canvas, canvas_copy_frames(canvas->engine, NULL, 0, &count));
    canvas_rect *frames = lua_newuserdatauv(L, count * sizeof *frames + 1, 0);
    uint64_t *ids = lua_newuserdatauv(L, count * sizeof *ids + 1, 0);
    lcanvas_check_status(L, canvas, canvas_copy_frames(canvas->engine, frames, count, &count));
    lcanvas_check_status(L, canvas, canvas_copy_ids(canvas->engine, ids, count, &count));
    lua_getiuservalue(L, self, 1);
    int state = lua_gettop(L);

    lua_createtable(L, 0, 3);
    lcanvas_push_size(L, content_size);
    lua_setfield(L, -2, "content_size");
    lcanvas_push_rect(L, bounds);
    lua_setfield(L, -2, "content_bounds");
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lcanvas_push_rect(L, frames[i]);
        lcanvas_push_script_id(L, state, ids[i]);
        lua_setfield(L, -2, "id");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "items");
    lua_replace(L, state - 2);              /* the result takes the frames buffer's slot */
    lua_settop(L, state - 2);
}

/* ---- module functions ----------------------------------------------- */

/* canvas.resolve(description) -> {content_size=, content_bounds=, items=} */
static int l_resolve(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lcanvas *canvas = push_canvas(L);
    int self = lua_gettop(L);
    lcanvas_apply_description(L, self, 1);
    resolve_at(L, self);
    push_result(L, self);
    /* A one-shot canvas: free the engine now rather than at the next collection. */
    canvas_engine_destroy(canvas->engine);
    canvas->engine = NULL;
    return 1;
}

/* canvas.flow{...} and canvas.grid{...}: checked layout tables for a description. */
static int make_layout(lua_State *L, const char *kind) {
    if (lua_isnoneornil(L, 1)) lua_newtable(L);
    luaL_checktype(L, 1, LUA_TTABLE);
    lcanvas_layout layout;
    lua_pushnil(L);
    lua_setfield(L, 1, "kind");             /* the argument may be reused for either kind */
    lcanvas_read_layout_table(L, 1, kind, &layout);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
    lua_pushstring(L, kind);
    lua_setfield(L, -2, "kind");
    return 1;
}

static int l_flow(lua_State *L) { return make_layout(L, "flow"); }
static int l_grid(lua_State *L) { return make_layout(L, "grid"); }

static const luaL_Reg canvas_methods[] = {
    {"__gc", canvas_gc},
    {"__close", canvas_gc},
    {"__tostring", canvas_tostring},
    {NULL, NULL},
};

static const luaL_Reg canvaslib[] = {
    {"resolve", l_resolve},
    {"flow", l_flow},
    {"grid", l_grid},
    {NULL, NULL},
};

int luaopen_canvas(lua_State *L) {
    luaL_newlib(L, canvaslib);
    if (luaL_newmetatable(L, LCANVAS_OBJECT)) {
        luaL_setfuncs(L, canvas_methods, 0);
        lua_pushvalue(L, -1);
        lua_setfield(L, -2, "__index");
    }
    lua_pop(L, 1);
    lua_pushinteger(L, (lua_Integer)canvas_abi_version());
    lua_setfield(L, -2, "abi_version");
    lua_pushstring(L, canvas_version());
    lua_setfield(L, -2, "version");
    return 1;
}
