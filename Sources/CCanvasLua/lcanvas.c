/*
** lcanvas.c: the `canvas` Lua module.
**
**     local canvas = require "canvas"
**     local result = canvas.resolve{items = 12, item_size = {80, 60}, layout = canvas.grid{columns = 4}}
**     print(result.content_size.width, result.items[1].x)
**
**     local c = canvas.new{items = 40, item_size = {80, 60}, viewport = {width = 300, height = 200}}
**     local update = c:scroll_to(17)          -- {visible=, appeared=, disappeared=} or nil
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
    canvas->L = NULL;
    canvas->self_index = 0;
    canvas->calling = 0;
    luaL_setmetatable(L, LCANVAS_OBJECT);
    lcanvas_new_state(L);
    lua_setiuservalue(L, -2, 1);
    canvas->engine = canvas_engine_create();
    if (canvas->engine == NULL) luaL_error(L, "not enough memory for a canvas engine");
    lcanvas_apply_history_cap(L, canvas);
    return canvas;
}

static int canvas_gc(lua_State *L) {
    lcanvas *canvas = luaL_checkudata(L, 1, LCANVAS_OBJECT);
    /* Only lua_close reaches a canvas mid-call (os.exit in a callback):
       its Swift frames never resume, so leaving the engine is safe. */
    if (canvas->calling > 0) return 0;
    canvas_engine_destroy(canvas->engine);
    canvas->engine = NULL;
    return 0;
}

/* c:close() and <close>: frees the engine now; a closed canvas refuses use. */
static int canvas_close(lua_State *L) {
    lcanvas *canvas = luaL_checkudata(L, 1, LCANVAS_OBJECT);
    if (canvas->calling > 0) return luaL_error(L, "cannot close a canvas from inside its own callback");
    return canvas_gc(L);
}

static int canvas_tostring(lua_State *L) {
    lcanvas *canvas = luaL_checkudata(L, 1, LCANVAS_OBJECT);
    if (canvas->engine == NULL)
        lua_pushliteral(L, "canvas (closed)");
    else
        lua_pushfstring(L, "canvas (%d items)", (int)canvas_get_item_count(canvas->engine));
    return 1;
}

/* "no item has id x", naming the id as the script gave it. */
void lcanvas_no_such_id(lua_State *L, int id) {
    luaL_error(L, "no item has id %s", luaL_tolstring(L, id, NULL));
}

/*
** Resolves the canvas at index self, measuring first: steps run until the
** engine has measured everything (the last step resolves once); when no
** step resolved (nothing to measure, or the viewport is moving) a plain
** resolve follows. Raises on failure, the previous frames kept.
*/
void lcanvas_resolve(lua_State *L, int self) {
    lcanvas *canvas = lcanvas_check(L, self);
    canvas_step_result step = CANVAS_STEP_IDLE;
    do {
        canvas_status status = LCANVAS_CALL(L, canvas, self, canvas_step(canvas->engine, &step));
        lcanvas_check_status(L, canvas, status);
    } while (step == CANVAS_STEP_MEASURED);
    if (step != CANVAS_STEP_RESOLVED)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_resolve(canvas->engine)));
}

/* ---- ids out -------------------------------------------------------- */

/* Copies ids out of the engine into a scratch userdata it pushes. */
uint64_t *lcanvas_copy_ids_to_buffer(lua_State *L, lcanvas *canvas, lcanvas_copy_fn copy, size_t *count) {
    *count = 0;
    lcanvas_check_status(L, canvas, copy(canvas->engine, NULL, 0, count));
    uint64_t *ids = lua_newuserdatauv(L, *count * sizeof *ids + 1, 0);
    lcanvas_check_status(L, canvas, copy(canvas->engine, ids, *count, count));
    return ids;
}

/* Pushes engine ids as an array of the script's ids. */
void lcanvas_push_id_array(lua_State *L, int state, const uint64_t *ids, size_t count) {
    state = lua_absindex(L, state);
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lcanvas_push_script_id(L, state, ids[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

/* Pushes the ids one of the canvas_copy_* functions hands out. */
void lcanvas_push_ids(lua_State *L, lcanvas *canvas, int state, lcanvas_copy_fn copy) {
    state = lua_absindex(L, state);
    size_t count;
    const uint64_t *ids = lcanvas_copy_ids_to_buffer(L, canvas, copy, &count);
    lcanvas_push_id_array(L, state, ids, count);
    lua_remove(L, -2);
}

/* ---- results -------------------------------------------------------- */

static int state_flag(lua_State *L, int state, const char *key) {
    lua_getfield(L, state, key);
    int on = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return on;
}

/* result.backdrop: {kind=, side=, phase={x=, y=}, shapes={rects...}}. */
static void push_backdrop(lua_State *L, lcanvas *canvas) {
    static const char *const kinds[] = {"none", "dots", "grid"};
    canvas_backdrop_tile tile;
    lcanvas_check_status(L, canvas, canvas_get_backdrop_tile(canvas->engine, &tile));
    lua_createtable(L, 0, 4);
    lua_pushstring(L, tile.kind >= 0 && tile.kind <= 2 ? kinds[tile.kind] : "unknown");
    lua_setfield(L, -2, "kind");
    lua_pushnumber(L, tile.side);
    lua_setfield(L, -2, "side");
    lcanvas_push_point(L, tile.phase);
    lua_setfield(L, -2, "phase");
    size_t shapes = tile.shape_count < 2 ? tile.shape_count : 2;
    lua_createtable(L, (int)shapes, 0);
    for (size_t i = 0; i < shapes; i++) {
        lcanvas_push_rect(L, tile.shapes[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "shapes");

    /* The top-left corners of the tiles covering the visible rect, row by row. */
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_backdrop_origins(canvas->engine, NULL, 0, &count));
    canvas_point *origins = lua_newuserdatauv(L, count * sizeof *origins + 1, 0);
    lcanvas_check_status(L, canvas, canvas_copy_backdrop_origins(canvas->engine, origins, count, &count));
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lcanvas_push_point(L, origins[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -3, "origins");
    lua_pop(L, 1);  /* the scratch buffer */
}

/*
** Pushes the resolved canvas as a plain table: content_size, content_bounds
** and items always; links when there are any (visible_links beside visible); viewport and visible, zoom and selection, and backdrop
** when the description (or a method since) brought them in. Everything is
** as the engine hands it out, zoomed.
*/
void lcanvas_push_result(lua_State *L, int self) {
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

    lua_createtable(L, 0, 8);
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
    int has_links = lcanvas_push_result_links(L, canvas, state);
    if (has_links) lua_setfield(L, -2, "links");

    if (state_flag(L, state, "show_viewport")) {
        canvas_rect viewport;
        lcanvas_check_status(L, canvas, canvas_get_viewport(canvas->engine, &viewport));
        lcanvas_push_rect(L, viewport);
        lua_setfield(L, -2, "viewport");
        lcanvas_push_ids(L, canvas, state, canvas_copy_visible);
        lua_setfield(L, -2, "visible");
        if (has_links) {
            lcanvas_push_link_ids(L, canvas, canvas_copy_visible_links);
            lua_setfield(L, -2, "visible_links");
        }
    }
    /* With lod on, "visible" holds the items shown one by one, and "clusters" the rest. */
    if (state_flag(L, state, "show_lod")) {
        lcanvas_push_clusters(L, canvas, state);
        lua_setfield(L, -2, "clusters");
        if (has_links) {
            lcanvas_push_cluster_links(L, canvas, state);
            lua_setfield(L, -2, "cluster_links");
        }
    }
    if (state_flag(L, state, "show_zoom")) {
        double scale;
        lcanvas_check_status(L, canvas, canvas_get_zoom(canvas->engine, &scale));
        lua_createtable(L, 0, 2);
        lua_pushnumber(L, scale);
        lua_setfield(L, -2, "scale");
        lua_pushstring(L, lcanvas_zoom_axis_name(L, canvas));
        lua_setfield(L, -2, "axis");
        lua_setfield(L, -2, "zoom");
        lcanvas_push_ids(L, canvas, state, canvas_copy_selection);
        lua_setfield(L, -2, "selection");
        if (has_links) {
            lcanvas_push_link_ids(L, canvas, canvas_copy_selected_links);
            lua_setfield(L, -2, "selected_links");
        }
    }
    lcanvas_push_editing_result(L, canvas, state);
    if (state_flag(L, state, "show_backdrop")) {
        push_backdrop(L, canvas);
        lua_setfield(L, -2, "backdrop");
    }
    if (state_flag(L, state, "show_motion")) {
        lcanvas_push_motion(L, canvas);
        lua_setfield(L, -2, "motion");
        lcanvas_push_indicators(L, canvas);
        lua_setfield(L, -2, "indicators");
    }
    /* The ticks of a replay: the whole trace when asked for, and always the
       viewport's path (its offsets), which the SVG draws. */
    if (lua_getfield(L, state, "trace") == LUA_TTABLE) {
        int trace = lua_gettop(L);
        lua_Integer ticks = luaL_len(L, trace);
        lua_createtable(L, ticks < INT32_MAX ? (int)ticks : INT32_MAX, 0);
        for (lua_Integer i = 1; i <= ticks; i++) {
            lua_geti(L, trace, i);
            lua_createtable(L, 0, 2);
            lua_getfield(L, -2, "x");
            lua_setfield(L, -2, "x");
            lua_getfield(L, -2, "y");
            lua_setfield(L, -2, "y");
            lua_rawseti(L, -3, i);
            lua_pop(L, 1);
        }
        lua_setfield(L, -3, "path");
        if (state_flag(L, state, "show_trace")) lua_setfield(L, -2, "trace");
        else lua_pop(L, 1);
    } else if (lua_pop(L, 1), lua_getfield(L, state, "path") == LUA_TTABLE) {
        lua_setfield(L, -2, "path");        /* the ticks without trace: offsets only */
    } else {
        lua_pop(L, 1);
        if (state_flag(L, state, "show_trace")) {
            lua_newtable(L);
            lua_setfield(L, -2, "trace");
        }
    }
    lua_replace(L, state - 2);              /* the result takes the frames buffer's slot */
    lua_settop(L, state - 2);
}

/* ---- module functions ----------------------------------------------- */

/* canvas.resolve(description) -> {content_size=, content_bounds=, items=, ...} */
static int l_resolve(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lcanvas *canvas = push_canvas(L);
    int self = lua_gettop(L);
    lcanvas_apply_description(L, self, 1);
    lcanvas_push_result(L, self);
    /* A one-shot canvas: free the engine now rather than at the next collection. */
    canvas_engine_destroy(canvas->engine);
    canvas->engine = NULL;
    return 1;
}

/* canvas.new(description) -> a canvas, resolved and opened as the description
   says: canvas.new(d):result() is canvas.resolve(d). See lmethods.c. */
static int l_new(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    push_canvas(L);
    lcanvas_apply_description(L, -1, 1);
    return 1;
}

/* canvas.flow{...}, canvas.grid{...}, canvas.tree{...} and canvas.layered{...}: checked
   layout tables for a description. */
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
static int l_tree(lua_State *L) { return make_layout(L, "tree"); }
static int l_layered(lua_State *L) { return make_layout(L, "layered"); }

static const luaL_Reg canvas_methods[] = {
    {"__gc", canvas_gc},
    {"__close", canvas_close},
    {"__tostring", canvas_tostring},
    {"close", canvas_close},
    {NULL, NULL},
};

static const luaL_Reg canvaslib[] = {
    {"resolve", l_resolve},
    {"new", l_new},
    {"flow", l_flow},
    {"grid", l_grid},
    {"tree", l_tree},
    {"layered", l_layered},
    {NULL, NULL},
};

int luaopen_canvas(lua_State *L) {
    luaL_newlib(L, canvaslib);
    if (luaL_newmetatable(L, LCANVAS_OBJECT)) {
        luaL_setfuncs(L, canvas_methods, 0);
        lcanvas_open_methods(L);
        lcanvas_open_setters(L);
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
