/*
** lediting.c: the free layout, edits by id, batches, undo, selection by
** rectangle, the select tool's settings, guides and focus, for canvases made
** with canvas.new.
**
**     local c = canvas.new{layout = "free", items = {{id = "a", x = -40, y = 10, width = 80, height = 60}}}
**     c:move("a", 100, 20); c:insert({{id = "b", x = 0, y = 0, width = 10, height = 10}}, "a")
**     c:batch(function(c) c:remove{"a"}; c:bring_to_front{"b"} end)   -- whole or not at all
**     c:undo(); c:redo()                    -- each edit returns whether it published
**     c:select_rect{x = 0, y = 0, width = 100, height = 100, mode = "contain", op = "add"}
**     c:focus("b"); c:focus_next("right")
**
** Edit coordinates are the items' own (unzoomed); select_rect takes zoomed
** content coordinates, as query does. Every call checks its arguments
** before the engine changes anything.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lcanvas_internal.h"

static const char *const direction_names[] = {"left", "right", "up", "down", NULL};

/* Reads an array of known ids at `arg` into a scratch userdata it pushes. */
static uint64_t *id_list(lua_State *L, int arg, int state, size_t *count) {
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_Integer n = luaL_len(L, arg);
    uint64_t *ids = lua_newuserdatauv(L, (size_t)n * sizeof *ids + 1, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, arg, i);
        ids[i - 1] = lcanvas_check_id_at(L, state, -1, arg);
        lua_pop(L, 1);
    }
    *count = (size_t)n;
    return ids;
}

/* Keeps the state's data-order ids (which Lua place functions read) in step with the engine. */
static void sync_ids(lua_State *L, lcanvas *canvas, int state) {
    if (lua_getfield(L, state, "place") == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    lua_pop(L, 1);
    size_t count = 0;
    const uint64_t *ids = lcanvas_copy_ids_to_buffer(L, canvas, canvas_copy_ids, &count);
    lcanvas_push_id_array(L, state, ids, count);
    lua_setfield(L, state, "ids");
    lua_pop(L, 1);
}

/* Raises "no item has id" (the script's id at arg) for CANVAS_ERR_NOT_FOUND. */
static void id_status(lua_State *L, lcanvas *canvas, canvas_status status, int arg) {
    if (status == CANVAS_ERR_NOT_FOUND) lcanvas_no_such_id(L, arg);
    lcanvas_check_status(L, canvas, status);
}

/* Runs an edit: the engine call, then on success the ids kept in step. */
static void edit(lua_State *L, lcanvas *canvas, int state, canvas_status status) {
    lcanvas_check_status(L, canvas, status);
    sync_ids(L, canvas, state);
}

/* A frame {x=, y=, width=, height=} at `index`; x and y default to 0. */
static canvas_rect read_frame(lua_State *L, int index, const char *where) {
    canvas_rect frame = {
        lcanvas_number_field(L, index, "x", 0, where),
        lcanvas_number_field(L, index, "y", 0, where),
        lcanvas_number_field(L, index, "width", NAN, where),
        lcanvas_number_field(L, index, "height", NAN, where),
    };
    if (isnan(frame.width) || isnan(frame.height)) luaL_error(L, "%s: needs width and height", where);
    if (frame.width < 0 || frame.height < 0)
        luaL_error(L, "%s: negative size (width %f, height %f)", where, frame.width, frame.height);
    return frame;
}

/* ---- the description ------------------------------------------------- */

/* layout = "free": the items' own x and y (0 when left out) with their sizes. */
void lcanvas_set_free_frames(lua_State *L, lcanvas *canvas, int self, int items, const lcanvas_items *list) {
    items = lua_absindex(L, items);
    canvas_rect *frames = lua_newuserdatauv(L, list->count * sizeof *frames + 1, 0);
    int table = lua_istable(L, items);
    for (size_t i = 0; i < list->count; i++) {
        canvas_size size = list->sizes ? list->sizes[i] : list->uniform ? list->size : (canvas_size){0, 0};
        frames[i] = (canvas_rect){0, 0, size.width, size.height};
        if (!table) continue;
        lua_geti(L, items, (lua_Integer)i + 1);
        char where[48];
        snprintf(where, sizeof where, "items[%zu]", i + 1);
        frames[i].x = lcanvas_number_field(L, -1, "x", 0, where);
        frames[i].y = lcanvas_number_field(L, -1, "y", 0, where);
        lua_pop(L, 1);
    }
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_item_frames(canvas->engine, frames, list->ids, list->count)));
    lua_pop(L, 1);
}

static canvas_tool check_tool(lua_State *L, int index, const char *where) {
    const char *name = lua_tostring(L, index);
    if (name && strcmp(name, "pan") == 0) return CANVAS_TOOL_PAN;
    if (name && strcmp(name, "select") == 0) return CANVAS_TOOL_SELECT;
    return (canvas_tool)luaL_error(L, "%s: expected \"pan\" or \"select\", got %s", where, luaL_tolstring(L, index, NULL));
}

/* A snap table {grid=, items=, gaps=, threshold=} over `base`. */
static canvas_snap read_snap(lua_State *L, int index, canvas_snap base, const char *where) {
    static const char *const keys[] = {"grid", "items", "gaps", "threshold", NULL};
    luaL_checktype(L, index, LUA_TTABLE);
    lcanvas_check_keys(L, index, keys, where);
    canvas_snap snap = base;
    snap.grid = lcanvas_number_field(L, index, "grid", snap.grid, where);
    snap.threshold = lcanvas_number_field(L, index, "threshold", snap.threshold, where);
    if (snap.threshold < 0) luaL_error(L, "%s.threshold: expected at least 0, got %f", where, snap.threshold);
    if (lua_getfield(L, index, "items") != LUA_TNIL) snap.items = lua_toboolean(L, -1);
    if (lua_getfield(L, index, "gaps") != LUA_TNIL) snap.gaps = lua_toboolean(L, -1);
    lua_pop(L, 2);
    return snap;
}

static const canvas_snap default_snap = {0, 1, 1, 8};

/* The description's tool, snap and scroll_extent keys. */
void lcanvas_apply_editing(lua_State *L, lcanvas *canvas, int self, int description) {
    description = lua_absindex(L, description);
    if (lua_getfield(L, description, "tool") != LUA_TNIL) {
        canvas_tool tool = check_tool(L, -1, "tool");   /* read before the call: it may raise */
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_tool(canvas->engine, tool)));
    }
    lua_pop(L, 1);
    if (lua_getfield(L, description, "snap") != LUA_TNIL) {
        canvas_snap snap = read_snap(L, lua_gettop(L), default_snap, "snap");
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_snap(canvas->engine, &snap)));
    }
    lua_pop(L, 1);
    if (lua_getfield(L, description, "scroll_extent") != LUA_TNIL) {
        static const char *const extents[] = {"unbounded", "content", NULL};
        const char *name = lua_tostring(L, -1);
        int which = -1;
        for (int i = 0; name && extents[i]; i++)
            if (strcmp(name, extents[i]) == 0) which = i;
        if (which < 0) luaL_error(L, "scroll_extent: expected \"unbounded\" or \"content\", got %s", luaL_tolstring(L, -1, NULL));
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_scroll_extent(canvas->engine, which, NULL)));
    }
    lua_pop(L, 1);
}

/* The result's "guides" (while a drag is in progress), "marquee" (while one
   is drawn) and "focus", on the table on top. */
void lcanvas_push_editing_result(lua_State *L, lcanvas *canvas, int state) {
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_guides(canvas->engine, NULL, 0, &count));
    if (count > 0) {
        canvas_guide *guides = lua_newuserdatauv(L, count * sizeof *guides, 0);
        lcanvas_check_status(L, canvas, canvas_copy_guides(canvas->engine, guides, count, &count));
        static const char *const kinds[] = {"edge", "center", "gap", "grid"};
        lua_createtable(L, (int)count, 0);
        for (size_t i = 0; i < count; i++) {
            lua_createtable(L, 0, 5);
            lua_pushnumber(L, guides[i].x1);
            lua_setfield(L, -2, "x1");
            lua_pushnumber(L, guides[i].y1);
            lua_setfield(L, -2, "y1");
            lua_pushnumber(L, guides[i].x2);
            lua_setfield(L, -2, "x2");
            lua_pushnumber(L, guides[i].y2);
            lua_setfield(L, -2, "y2");
            lua_pushstring(L, guides[i].kind >= 0 && guides[i].kind < 4 ? kinds[guides[i].kind] : "edge");
            lua_setfield(L, -2, "kind");
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        lua_setfield(L, -3, "guides");
        lua_pop(L, 1);
    }
    canvas_rect marquee;
    int active = 0;
    lcanvas_check_status(L, canvas, canvas_get_marquee(canvas->engine, &marquee, &active));
    if (active) {
        lcanvas_push_rect(L, marquee);
        lua_setfield(L, -2, "marquee");
    }
    if (lua_getfield(L, state, "free") == LUA_TBOOLEAN) lua_setfield(L, -2, "free");  /* for the SVG */
    else lua_pop(L, 1);
    uint64_t focused = 0;
    int has = 0;
    lcanvas_check_status(L, canvas, canvas_get_focus(canvas->engine, &focused, &has));
    if (has) {
        lcanvas_push_script_id(L, state, focused);
        lua_setfield(L, -2, "focus");
    }
}

/* ---- edits ------------------------------------------------------------ */

/* c:insert(items, before_id): items {{id=, x=, y=, width=, height=}, ...}, before before_id or at the end. */
static int m_insert(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    luaL_checktype(L, 2, LUA_TTABLE);
    int has_before = !lua_isnoneornil(L, 3);
    lua_settop(L, 3);
    int state = lcanvas_push_state(L);
    uint64_t before = 0;
    if (has_before) before = lcanvas_check_id_at(L, state, 3, 3);
    lua_Integer n = luaL_len(L, 2);
    canvas_rect *frames = lua_newuserdatauv(L, (size_t)n * sizeof *frames + 1, 0);
    uint64_t *ids = lua_newuserdatauv(L, (size_t)n * sizeof *ids + 1, 0);
    lua_createtable(L, 0, 0);               /* script id -> where it came first, for duplicates */
    int seen = lua_gettop(L);
    lcanvas_begin_ids(L, state);            /* new string ids are kept only if the insert succeeds */
    for (lua_Integer i = 1; i <= n; i++) {
        char where[48];
        snprintf(where, sizeof where, "items[%lld]", (long long)i);
        if (lua_geti(L, 2, i) != LUA_TTABLE) luaL_error(L, "%s: expected a table {id=, x=, y=, width=, height=}", where);
        frames[i - 1] = read_frame(L, -1, where);
        int type = lua_getfield(L, -1, "id");
        if (!(type == LUA_TSTRING || (type == LUA_TNUMBER && lua_isinteger(L, -1))))
            luaL_error(L, "%s.id: expected an integer or a string", where);
        /* Named here by the script's id (the engine knows only its own). */
        lua_pushvalue(L, -1);
        if (lua_rawget(L, seen) != LUA_TNIL) {
            int first = (int)lua_tointeger(L, -1);
            luaL_error(L, "%s.id: duplicate id %s (also the id of items[%d])", where, luaL_tolstring(L, -2, NULL), first);
        }
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushinteger(L, i);
        lua_rawset(L, seen);
        uint64_t known;
        if (lcanvas_known_id(L, state, -1, &known) && (type == LUA_TSTRING || lua_tointeger(L, -1) < 0)) {
            ids[i - 1] = known;  /* interned before; the engine says whether it is on the canvas */
            lcanvas_carry_id(L, state, -1, known);
        } else {
            ids[i - 1] = lcanvas_engine_id(L, state, -1);
        }
        lua_pop(L, 2);
    }
    edit(L, canvas, state, LCANVAS_CALL(L, canvas, 1,
         canvas_insert_items(canvas->engine, frames, ids, (size_t)n, has_before ? &before : NULL)));
    lcanvas_keep_pending_ids(L, state);
    /* One pushed step, unless a batch gathers it (then it is not counted: see lids.c). */
    lua_getfield(L, state, "batching");
    int batching = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (n > 0 && !batching) lcanvas_note_edit(L, canvas, state);
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:remove(ids) */
static int m_remove(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    size_t count;
    uint64_t *ids = id_list(L, 2, state, &count);
    edit(L, canvas, state, LCANVAS_CALL(L, canvas, 1, canvas_remove_items(canvas->engine, ids, count)));
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:move(id, x, y): the item's top-left corner to (x, y), on a free canvas. */
static int m_move(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    uint64_t id = lcanvas_check_id_at(L, state, 2, 2);
    canvas_point origin = {lcanvas_finite_arg(L, 3), lcanvas_finite_arg(L, 4)};
    id_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_move_items(canvas->engine, &id, &origin, 1)), 2);
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:set_frame(id, {x=, y=, width=, height=}) */
static int m_set_frame(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    uint64_t id = lcanvas_check_id_at(L, state, 2, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    canvas_rect frame = read_frame(L, 3, "set_frame");
    id_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_frames_by_id(canvas->engine, &id, &frame, 1)), 2);
    return lcanvas_push_published(L, canvas, count_before);
}

static int reorder(lua_State *L, canvas_reorder_kind kind) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    size_t count;
    uint64_t *ids = id_list(L, 2, state, &count);
    edit(L, canvas, state, LCANVAS_CALL(L, canvas, 1, canvas_reorder(canvas->engine, ids, count, kind)));
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:bring_to_front(ids) / c:send_to_back(ids) */
static int m_bring_to_front(lua_State *L) { return reorder(L, CANVAS_REORDER_FRONT); }
static int m_send_to_back(lua_State *L) { return reorder(L, CANVAS_REORDER_BACK); }

/* c:batch(function(c) ... end): the edits inside are one undo step; an error
   inside rolls them all back and is raised again. Returns what the function returns. */
static int m_batch(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    int state = lcanvas_push_state(L);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_batch_begin(canvas->engine)));
    int base = lua_gettop(L);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 1);
    lua_getfield(L, state, "batching");     /* an outer batch's, if any */
    int outer = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
    lua_setfield(L, state, "batching");
    int failed = lua_pcall(L, 1, LUA_MULTRET, 0) != LUA_OK;
    lua_pushboolean(L, outer);
    lua_setfield(L, state, "batching");
    if (failed) {
        LCANVAS_CALL(L, canvas, 1, canvas_batch_rollback(canvas->engine));
        sync_ids(L, canvas, state);
        return lua_error(L);
    }
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_batch_commit(canvas->engine));
    edit(L, canvas, state, status);
    return lua_gettop(L) - base;
}

/* c:undo() / c:redo(): raise "nothing to undo" / "nothing to redo" when there is none. */
static int m_undo(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    edit(L, canvas, state, LCANVAS_CALL(L, canvas, 1, canvas_undo(canvas->engine)));
    lcanvas_note_live_ids(L, canvas, state);
    return lcanvas_push_published(L, canvas, count_before);
}

static int m_redo(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    edit(L, canvas, state, LCANVAS_CALL(L, canvas, 1, canvas_redo(canvas->engine)));
    lcanvas_note_live_ids(L, canvas, state);
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:nudge(direction, shift): the selection one step (1, 10 with shift, a grid step). */
static int m_nudge(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int state = lcanvas_push_state(L);
    int direction = luaL_checkoption(L, 2, NULL, direction_names);
    edit(L, canvas, state, LCANVAS_CALL(L, canvas, 1, canvas_nudge(canvas->engine, direction, lua_toboolean(L, 3))));
    return lcanvas_push_published(L, canvas, count_before);
}

/* ---- selection, tool, snap, focus -------------------------------------- */

/* c:select_rect{x=, y=, width=, height=, mode="intersect"|"contain", op="replace"|"add"|"toggle"|"subtract"} -> selection */
static int m_select_rect(lua_State *L) {
    static const char *const keys[] = {"x", "y", "width", "height", "mode", "op", NULL};
    static const char *const modes[] = {"intersect", "contain", NULL};
    static const char *const ops[] = {"replace", "add", "toggle", "subtract", NULL};
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lcanvas_check_keys(L, 2, keys, "select_rect");
    int state = lcanvas_push_state(L);
    canvas_rect rect = {
        lcanvas_number_field(L, 2, "x", 0, "select_rect"), lcanvas_number_field(L, 2, "y", 0, "select_rect"),
        lcanvas_number_field(L, 2, "width", 0, "select_rect"), lcanvas_number_field(L, 2, "height", 0, "select_rect"),
    };
    lua_getfield(L, 2, "mode");
    int mode = luaL_checkoption(L, -1, "intersect", modes);
    lua_getfield(L, 2, "op");
    int op = luaL_checkoption(L, -1, "replace", ops);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_select_rect(canvas->engine, rect, mode, op)));
    lcanvas_show(L, "show_zoom");
    lcanvas_push_ids(L, canvas, state, canvas_copy_selection);
    return 1;
}

/* c:select_all() */
static int m_select_all(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_select_all(canvas->engine)));
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:selection_bounds() -> {x=, y=, width=, height=} or nil */
static int m_selection_bounds(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_rect bounds;
    int has = 0;
    lcanvas_check_status(L, canvas, canvas_get_selection_bounds(canvas->engine, &bounds, &has));
    if (!has) return lua_pushnil(L), 1;
    lcanvas_push_rect(L, bounds);
    return 1;
}

/* c:set_tool("pan"|"select") */
static int m_set_tool(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    static const char *const tools[] = {"pan", "select", NULL};
    int tool = luaL_checkoption(L, 2, NULL, tools);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_tool(canvas->engine, tool)));
    return 0;
}

/* c:set_snap{grid=, items=, gaps=, threshold=}: keys left out take their defaults. */
static int m_set_snap(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_snap snap = read_snap(L, 2, default_snap, "set_snap");
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_snap(canvas->engine, &snap)));
    return 0;
}

/* c:guides() -> {{x1=, y1=, x2=, y2=, kind=}, ...}, empty unless a drag is in progress */
static int m_guides(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    lua_newtable(L);
    lcanvas_push_editing_result(L, canvas, state);
    if (lua_getfield(L, -1, "guides") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_newtable(L);
    }
    return 1;
}

/* c:focus(id): focuses it and scrolls it into view. */
static int m_focus(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    uint64_t id = lcanvas_check_id_at(L, state, 2, 2);
    id_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_focus(canvas->engine, id)), 2);
    return 0;
}

/* c:focus_next("left"|"right"|"up"|"down") -> the newly focused id, or nil */
static int m_focus_next(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    int direction = luaL_checkoption(L, 2, NULL, direction_names);
    uint64_t id = 0;
    int found = 0;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_focus_next(canvas->engine, direction, &id, &found)));
    if (found) lcanvas_push_script_id(L, state, id);
    else lua_pushnil(L);
    return 1;
}

/* c:focused() -> the focused id, or nil */
static int m_focused(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    uint64_t id = 0;
    int has = 0;
    lcanvas_check_status(L, canvas, canvas_get_focus(canvas->engine, &id, &has));
    if (has) lcanvas_push_script_id(L, state, id);
    else lua_pushnil(L);
    return 1;
}

static const luaL_Reg editing_methods[] = {
    {"insert", m_insert},
    {"remove", m_remove},
    {"move", m_move},
    {"set_frame", m_set_frame},
    {"bring_to_front", m_bring_to_front},
    {"send_to_back", m_send_to_back},
    {"batch", m_batch},
    {"undo", m_undo},
    {"redo", m_redo},
    {"nudge", m_nudge},
    {"select_rect", m_select_rect},
    {"select_all", m_select_all},
    {"selection_bounds", m_selection_bounds},
    {"set_tool", m_set_tool},
    {"set_snap", m_set_snap},
    {"guides", m_guides},
    {"focus", m_focus},
    {"focus_next", m_focus_next},
    {"focused", m_focused},
    {NULL, NULL},
};

void lcanvas_open_editing_methods(lua_State *L) {
    luaL_setfuncs(L, editing_methods, 0);
}
