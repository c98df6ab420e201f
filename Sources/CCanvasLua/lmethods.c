/*
** lmethods.c: the methods of a canvas made with canvas.new.
**
**     local c = canvas.new{items = 40, item_size = {80, 60}, viewport = {width = 300, height = 200}}
**     c:scroll_to(17, "top_leading")      -- an update {visible=, appeared=, disappeared=}, or nil
**     c:page("down")                      -- true when it moved
**     c:hit_test(20, 20)                  -- the id under a content point, or nil (nil, cluster over a cluster)
**     c:set_zoom(2); c:select(40, 30)     -- zoom and selection, as a host would drive them
**     c:result()                          -- what canvas.resolve would return now
**
** Ids in and out are the script's own (integers or strings). Calls that can
** run a Lua callback (resolving, measuring, anything that may zoom) go
** through LCANVAS_CALL, and their errors are raised only once the engine
** call has returned.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lcanvas_internal.h"

/* Pushes the canvas's Lua state table (the user value of the canvas at
   argument 1); returns its index. */
int lcanvas_push_state(lua_State *L) {
    lua_getiuservalue(L, 1, 1);
    return lua_gettop(L);
}

/* Marks a part of the result as in use: results carry it from now on. */
void lcanvas_show(lua_State *L, const char *part) {
    lua_getiuservalue(L, 1, 1);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, part);
    lua_pop(L, 1);
}

lua_Number lcanvas_finite_arg(lua_State *L, int arg) {
    lua_Number value = luaL_checknumber(L, arg);
    luaL_argcheck(L, isfinite(value), arg, "expected a finite number");
    return value;
}

/* A known script id (integer or string) at `index`, an argument or a table
   entry; `arg` names it in a type error, unknown ones raise "no item has id". */
uint64_t lcanvas_check_id_at(lua_State *L, int state, int index, int arg) {
    int type = lua_type(L, index);
    if (!(type == LUA_TSTRING || (type == LUA_TNUMBER && lua_isinteger(L, index))))
        luaL_typeerror(L, arg, "an id (an integer or a string)");
    uint64_t id;
    if (!lcanvas_known_id(L, state, index, &id)) lcanvas_no_such_id(L, index);
    return id;
}

/* Raises "no item has id" for CANVAS_ERR_NOT_FOUND, the engine's message otherwise. */
static void check_id_status(lua_State *L, lcanvas *canvas, canvas_status status, int arg) {
    if (status == CANVAS_ERR_NOT_FOUND) lcanvas_no_such_id(L, arg);
    lcanvas_check_status(L, canvas, status);
}

/* A unit point argument: a name (checked like luaL_checkoption) or {x=, y=}. */
static canvas_point check_anchor(lua_State *L, int arg, const char *where) {
    if (lua_isnoneornil(L, arg)) return (canvas_point){0.5, 0.5};
    if (lua_type(L, arg) == LUA_TSTRING) luaL_checkoption(L, arg, NULL, lcanvas_anchor_names);
    else if (!lua_istable(L, arg)) luaL_typeerror(L, arg, "an anchor name or {x=, y=}");
    return lcanvas_unit_point(L, arg, where);
}

/* ---- updates -------------------------------------------------------- */

/*
** Pushes the update a call just published, as the engine diffed it:
** {visible=, appeared=, disappeared=} (script ids, data order), with
** visible_links, appeared_links and disappeared_links (link ids, link
** order) when the canvas has links, or nil when the call published nothing
** or nothing (item or link) appeared or disappeared (a pan by a
** point, say: the engine publishes the moved rect, but what a script sees
** is unchanged). Every method here makes one publishing call, so the
** engine's diff is the whole change.
*/
static void push_update(lua_State *L, lcanvas *canvas, int state, int published) {
    size_t appeared = 0, disappeared = 0, links = 0, appeared_links = 0, disappeared_links = 0;
    if (published) {
        lcanvas_check_status(L, canvas, canvas_copy_appeared(canvas->engine, NULL, 0, &appeared));
        lcanvas_check_status(L, canvas, canvas_copy_disappeared(canvas->engine, NULL, 0, &disappeared));
        lcanvas_check_status(L, canvas, canvas_copy_links(canvas->engine, NULL, 0, &links));
        if (links > 0) {
            lcanvas_check_status(L, canvas, canvas_copy_appeared_links(canvas->engine, NULL, 0, &appeared_links));
            lcanvas_check_status(L, canvas, canvas_copy_disappeared_links(canvas->engine, NULL, 0, &disappeared_links));
        }
    }
    if (appeared == 0 && disappeared == 0 && appeared_links == 0 && disappeared_links == 0) {
        lua_pushnil(L);
        return;
    }
    lua_createtable(L, 0, 6);
    lcanvas_push_ids(L, canvas, state, canvas_copy_visible);
    lua_setfield(L, -2, "visible");
    lcanvas_push_ids(L, canvas, state, canvas_copy_appeared);
    lua_setfield(L, -2, "appeared");
    lcanvas_push_ids(L, canvas, state, canvas_copy_disappeared);
    lua_setfield(L, -2, "disappeared");
    if (links > 0) lcanvas_push_link_update(L, canvas);  /* visible_links, appeared_links, disappeared_links */
}

/* ---- resolving and measuring ---------------------------------------- */

/* c:resolve(): lays out again, measuring what is new first. */
static int m_resolve(lua_State *L) {
    lcanvas_resolve(L, 1);
    return 0;
}

/* c:result() -> the table canvas.resolve returns, as of now. */
static int m_result(lua_State *L) {
    lcanvas_check(L, 1);
    lcanvas_push_result(L, 1);
    return 1;
}

/* c:step() -> "idle" | "deferred" | "measured" | "resolved": one turn of measuring. */
static int m_step(lua_State *L) {
    static const char *const results[] = {"idle", "deferred", "measured", "resolved"};
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_step_result result = CANVAS_STEP_IDLE;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_step(canvas->engine, &result)));
    lua_pushstring(L, result >= 0 && result <= 3 ? results[result] : "unknown");
    return 1;
}

/* c:invalidate(): forgets every measured size. */
static int m_invalidate(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_invalidate_measurements(canvas->engine)));
    return 0;
}

/* c:set_items(items): a count or entries, sized as the description said.
   The new items are laid out by the next resolve() (or the last step()). */
static int m_set_items(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_argexpected(L, lua_isinteger(L, 2) || lua_istable(L, 2), 2, "a count or an array of items");
    int state = lcanvas_push_state(L);
    lcanvas_sizing sizing;
    lcanvas_items list;
    lcanvas_state_sizing(L, state, &sizing);
    lcanvas_read_items(L, 2, state, &sizing, &list);     /* pushes ids and buffers */
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1,
                                                 lcanvas_set_items(canvas->engine, &list)));
    lua_pushvalue(L, state + 1);
    lua_setfield(L, state, "ids");
    lcanvas_commit_ids(L, state);
    return 0;
}

/* ---- the viewport --------------------------------------------------- */

/* c:set_viewport{width=, height=, x=, y=, overscan=} -> update or nil.
   Left-out fields keep their value; the size goes first, then the offset. */
static int m_set_viewport(lua_State *L) {
    static const char *const keys[] = {"width", "height", "x", "y", "overscan", NULL};
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lcanvas_check_keys(L, 2, keys, "set_viewport");
    int state = lcanvas_push_state(L);
    canvas_rect now;
    lcanvas_check_status(L, canvas, canvas_get_viewport(canvas->engine, &now));
    canvas_size size = {
        lcanvas_number_field(L, 2, "width", now.width, "set_viewport"),
        lcanvas_number_field(L, 2, "height", now.height, "set_viewport"),
    };
    double overscan = lcanvas_number_field(L, 2, "overscan", NAN, "set_viewport");
    canvas_point offset = {
        lcanvas_number_field(L, 2, "x", NAN, "set_viewport"),
        lcanvas_number_field(L, 2, "y", NAN, "set_viewport"),
    };
    if (size.width < 0 || size.height < 0)
        luaL_error(L, "set_viewport: negative size (width %f, height %f)", size.width, size.height);
    if (overscan < 0) luaL_error(L, "set_viewport.overscan: expected a non-negative number, got %f", overscan);

    int published = 0;
    canvas_point *given = isnan(offset.x) && isnan(offset.y) ? NULL : &offset;  /* NaN keeps a coordinate */
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_viewport(canvas->engine, size, given, overscan, &published)));
    lcanvas_show(L, "show_viewport");
    push_update(L, canvas, state, published);
    return 1;
}

/* c:set_moving(bool): while true, measuring waits (step() says "deferred"). */
static int m_set_moving(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TBOOLEAN);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_moving(canvas->engine, lua_toboolean(L, 2))));
    return 0;
}

/* c:query{x=, y=, width=, height=} -> ids of the items strictly intersecting it. */
static int m_query(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    canvas_rect rect = lcanvas_rect_table(L, 2, "query");
    int state = lcanvas_push_state(L);
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_query(canvas->engine, rect, NULL, 0, &count));
    uint64_t *ids = lua_newuserdatauv(L, count * sizeof *ids + 1, 0);
    lcanvas_check_status(L, canvas, canvas_query(canvas->engine, rect, ids, count, &count));
    lcanvas_push_id_array(L, state, ids, count);
    return 1;
}

/* The options of an animated scroll or page: {animated=, duration=, t=}.
   Returns 0 for an unanimated call (no options, or animated = false). */
static int check_animation(lua_State *L, lcanvas *canvas, int arg, double *duration, double *t) {
    static const char *const keys[] = {"animated", "duration", "t", NULL};
    if (lua_isnoneornil(L, arg)) return 0;
    luaL_checktype(L, arg, LUA_TTABLE);
    lcanvas_check_keys(L, arg, keys, "animation");
    lua_getfield(L, arg, "animated");
    int animated = lua_isnil(L, -1) || lua_toboolean(L, -1);
    lua_pop(L, 1);
    *duration = lcanvas_number_field(L, arg, "duration", CANVAS_DURATION_DEFAULT, "animation");
    luaL_argcheck(L, *duration >= 0 || *duration == CANVAS_DURATION_DEFAULT, arg, "duration must be 0 or more");
    *t = lcanvas_number_field(L, arg, "t", lcanvas_clock(L, canvas), "animation");
    return animated;
}

/* c:scroll_to(target, anchor [, {animated=, duration=, t=}]) -> update or nil.
   target: an id, a point {x=, y=} or a region {x=, y=, width=, height=};
   anchor defaults to "center". Animated, canvas:tick moves it (and the
   update is published there): it returns nil. */
static int m_scroll_to(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_point anchor = check_anchor(L, 3, "scroll_to: anchor");
    double duration = 0, t = 0;
    int animated = check_animation(L, canvas, 4, &duration, &t);
    lua_settop(L, 3);
    int state = lcanvas_push_state(L);
    int published = 0;
    canvas_status status;
    if (lua_type(L, 2) == LUA_TSTRING || lua_isinteger(L, 2)) {
        uint64_t id = lcanvas_check_id_at(L, state, 2, 2);
        status = animated ? LCANVAS_CALL(L, canvas, 1, canvas_scroll_to_id_animated(canvas->engine, id, anchor, duration, t))
                          : LCANVAS_CALL(L, canvas, 1, canvas_scroll_to_id(canvas->engine, id, anchor, &published));
        check_id_status(L, canvas, status, 2);
    } else if (lua_istable(L, 2)) {
        int is_region = lua_getfield(L, 2, "width") != LUA_TNIL || lua_getfield(L, 2, "height") != LUA_TNIL;
        lua_settop(L, state);
        if (is_region) {
            canvas_rect region = lcanvas_rect_table(L, 2, "scroll_to");
            status = animated ? LCANVAS_CALL(L, canvas, 1, canvas_scroll_to_rect_animated(canvas->engine, region, anchor, duration, t))
                              : LCANVAS_CALL(L, canvas, 1, canvas_scroll_to_rect(canvas->engine, region, anchor, &published));
        } else {
            canvas_point point = lcanvas_point_table(L, 2, "scroll_to");
            status = animated ? LCANVAS_CALL(L, canvas, 1, canvas_scroll_to_point_animated(canvas->engine, point, anchor, duration, t))
                              : LCANVAS_CALL(L, canvas, 1, canvas_scroll_to_point(canvas->engine, point, anchor, &published));
        }
        lcanvas_check_status(L, canvas, status);
    } else {
        return luaL_typeerror(L, 2, "an id, a point {x=, y=} or a region {x=, y=, width=, height=}");
    }
    lcanvas_show(L, "show_viewport");
    push_update(L, canvas, state, published);
    return 1;
}

/* c:page("left" | "right" | "up" | "down" [, {animated=, duration=, t=}]) -> true when it moved. */
static int m_page(lua_State *L) {
    static const char *const directions[] = {"left", "right", "up", "down", NULL};
    static const canvas_page_direction values[] = {CANVAS_PAGE_LEFT, CANVAS_PAGE_RIGHT, CANVAS_PAGE_UP, CANVAS_PAGE_DOWN};
    lcanvas *canvas = lcanvas_check(L, 1);
    int direction = luaL_checkoption(L, 2, NULL, directions);
    double duration = 0, t = 0;
    int animated = check_animation(L, canvas, 3, &duration, &t);
    int moved = 0;
    lcanvas_check_status(L, canvas, animated
        ? LCANVAS_CALL(L, canvas, 1, canvas_page_animated(canvas->engine, values[direction], duration, t, &moved))
        : LCANVAS_CALL(L, canvas, 1, canvas_page(canvas->engine, values[direction], &moved)));
    lcanvas_show(L, "show_viewport");
    lua_pushboolean(L, moved);
    return 1;
}

/* c:hit_test(x, y) -> the id at a content point by the one hit rule, or nil;
   over a published cluster nil and the cluster {id=, x=, y=, width=,
   height=, count=, selected=} (canvas_hit_test_detail). */
static int m_hit_test(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_point point = {lcanvas_finite_arg(L, 2), lcanvas_finite_arg(L, 3)};
    int state = lcanvas_push_state(L);
    canvas_hit_kind kind = CANVAS_HIT_NONE;
    uint64_t id = 0, selected = 0;
    canvas_cluster cluster = {{0, 0, 0, 0}, 0, 0};
    lcanvas_check_status(L, canvas, canvas_hit_test_detail(canvas->engine, point, &kind, &id, &cluster, &selected));
    if (kind == CANVAS_HIT_ITEM) {
        lcanvas_push_script_id(L, state, id);
        return 1;
    }
    lua_pushnil(L);
    if (kind != CANVAS_HIT_CLUSTER) return 1;
    lcanvas_push_cluster(L, state, &cluster, selected);
    return 2;
}

/* c:visible() -> the ids of the last published update. */
static int m_visible(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    lcanvas_push_ids(L, canvas, state, canvas_copy_visible);
    return 1;
}

/* ---- zoom ----------------------------------------------------------- */

/* c:zoom() -> the current scale. */
static int m_zoom(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    double scale = 1;
    lcanvas_check_status(L, canvas, canvas_get_zoom(canvas->engine, &scale));
    lua_pushnumber(L, scale);
    return 1;
}

/* c:zoom_axis() -> "horizontal", "vertical" or "both": the axis in force
   (the engine's default for the layout when none was set). */
static int m_zoom_axis(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lua_pushstring(L, lcanvas_zoom_axis_name(L, canvas));
    return 1;
}

/* c:set_zoom(scale): clamped to the limits, the viewport's middle kept still. */
static int m_set_zoom(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    double scale = lcanvas_finite_arg(L, 2);
    luaL_argcheck(L, scale > 0, 2, "expected a positive scale");
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_zoom(canvas->engine, scale)));
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:set_zoom_settings{...}: the zoom key of a description, at run time. */
static int m_set_zoom_settings(lua_State *L) {
    lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lcanvas_apply_zoom_table(L, 1, 2);
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:pinch(phase, scale, touches, x, y): one recognizer event; scale
   defaults to 1, touches to 2, x and y to the viewport's middle. */
static int m_pinch(lua_State *L) {
    static const char *const phases[] = {"began", "changed", "ended", "cancelled", "failed", NULL};
    static const canvas_pinch_phase values[] = {
        CANVAS_PINCH_BEGAN, CANVAS_PINCH_CHANGED, CANVAS_PINCH_ENDED, CANVAS_PINCH_CANCELLED, CANVAS_PINCH_FAILED,
    };
    lcanvas *canvas = lcanvas_check(L, 1);
    int phase = luaL_checkoption(L, 2, NULL, phases);
    double scale = luaL_optnumber(L, 3, 1);
    luaL_argcheck(L, isfinite(scale), 3, "expected a finite number");
    lua_Integer touches = luaL_optinteger(L, 4, 2);
    luaL_argcheck(L, touches >= 0 && touches <= 10, 4, "expected 0 to 10 touches");
    if (!lua_isnoneornil(L, 5)) lcanvas_finite_arg(L, 5);
    if (!lua_isnoneornil(L, 6)) lcanvas_finite_arg(L, 6);
    canvas_point at = lcanvas_viewport_point(L, canvas, 5, 6, "pinch");
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_pinch(canvas->engine, values[phase], scale,
                                                                   (int)touches, at));
    lcanvas_check_status(L, canvas, status);
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:touches{{x=, y=}, ...}: where the fingers are now (viewport coordinates);
   the engine recognizes pinches itself. Fewer than two end a pinch. */
static int m_touches(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_Integer count = luaL_len(L, 2);
    luaL_argcheck(L, count >= 0 && count <= 64, 2, "expected at most 64 fingers");
    canvas_point *fingers = lua_newuserdatauv(L, (size_t)count * sizeof *fingers + 1, 0);
    char where[32];
    for (lua_Integer i = 1; i <= count; i++) {
        snprintf(where, sizeof where, "touches[%lld]", (long long)i);
        lua_geti(L, 2, i);
        fingers[i - 1] = lcanvas_point_table(L, -1, where);
        lua_pop(L, 1);
    }
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_touches(canvas->engine, fingers, (size_t)count));
    lcanvas_check_status(L, canvas, status);
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:tap(): the two-finger tap, back to zoom 1. */
static int m_tap(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_two_finger_tap(canvas->engine)));
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* ---- selection ------------------------------------------------------ */

/* c:select(x, y) -> the id now selected under a viewport point, or nil (nothing
   there, or refused because a pinch is in flight). */
static int m_select(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_point point = {lcanvas_finite_arg(L, 2), lcanvas_finite_arg(L, 3)};
    int state = lcanvas_push_state(L);
    uint64_t id = 0;
    canvas_select_result result = CANVAS_SELECT_NOTHING;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_select_at(canvas->engine, point, &id, &result)));
    lcanvas_show(L, "show_zoom");
    if (result == CANVAS_SELECT_SELECTED) lcanvas_push_script_id(L, state, id);
    else lua_pushnil(L);
    return 1;
}

/* c:select_id(id): adds an item to the selection (also during a pinch). */
static int m_select_id(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    uint64_t id = lcanvas_check_id_at(L, state, 2, 2);
    check_id_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_select_id(canvas->engine, id)), 2);
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:selection() -> the selected ids, in data order. */
static int m_selection(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    lcanvas_push_ids(L, canvas, state, canvas_copy_selection);
    return 1;
}

static const luaL_Reg methods[] = {
    {"resolve", m_resolve},
    {"result", m_result},
    {"step", m_step},
    {"invalidate", m_invalidate},
    {"set_items", m_set_items},
    {"set_viewport", m_set_viewport},
    {"set_moving", m_set_moving},
    {"query", m_query},
    {"scroll_to", m_scroll_to},
    {"page", m_page},
    {"hit_test", m_hit_test},
    {"visible", m_visible},
    {"zoom", m_zoom},
    {"zoom_axis", m_zoom_axis},
    {"set_zoom", m_set_zoom},
    {"set_zoom_settings", m_set_zoom_settings},
    {"pinch", m_pinch},
    {"touches", m_touches},
    {"tap", m_tap},
    {"select", m_select},
    {"select_id", m_select_id},
    {"selection", m_selection},
    {NULL, NULL},
};

void lcanvas_open_methods(lua_State *L) {
    luaL_setfuncs(L, methods, 0);
    lcanvas_open_editing_methods(L);
    lcanvas_open_motion_methods(L);
    lcanvas_open_lod_methods(L);
    lcanvas_open_read_methods(L);
    lcanvas_open_history_methods(L);
    lcanvas_open_link_methods(L);
}
