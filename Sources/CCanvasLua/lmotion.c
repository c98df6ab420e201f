/*
** lmotion.c: motion through Lua: the description's motion table, the
** canvas object's input, tick and animation methods, and the motion,
** indicators and visible items as plain tables.
**
**     local c = canvas.new{items = 1000, item_size = {80, 80}, viewport = {width = 400, height = 300},
**                          motion = {deceleration = "fast", bounce = "always"}}
**     c:pointer_down(200, 150, 0); c:pointer_move(120, 150, 16); c:pointer_up(60, 150, 32)
**     while c:tick(t).active do t = t + 16 end       -- the host's clock, in milliseconds
**     c:visible_items()                              -- {{id=, x=, y=, width=, height=}, ...}
**
** Times are the host's milliseconds; every rule and formula is the engine's.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lcanvas_internal.h"

const char *const lcanvas_phase_names[] = {"idle", "dragging", "decelerating", "bouncing", "animating", "pinching", NULL};
const char *const lcanvas_key_names[] = {"left", "right", "up", "down", "page_up", "page_down", "home", "end",
                                         "delete", NULL};
const char *const lcanvas_wheel_modes[] = {"pixel", "line", "page", NULL};
static const char *const bounce_names[] = {"automatic", "always", "based_on_size", "never", NULL};
static const char *const indicator_names[] = {"automatic", "visible", "hidden", NULL};
static const char *const pan_axis_names[] = {"free", "horizontal", "vertical", "locked", NULL};
static const char *const axis_names[] = {"horizontal", "vertical", NULL};

/* The index of a string field among names, or fallback when absent. */
static int option_field(lua_State *L, int table, const char *key, const char *const *names, int fallback,
                        const char *where) {
    int type = lua_getfield(L, table, key);
    int found = fallback;
    if (type != LUA_TNIL) {
        const char *name = type == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        found = -1;
        for (int i = 0; name && names[i]; i++)
            if (strcmp(name, names[i]) == 0) found = i;
        if (found < 0) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int i = 0; names[i]; i++) {
                luaL_addstring(&b, i ? (names[i + 1] ? ", " : " or ") : "");
                luaL_addchar(&b, '"');
                luaL_addstring(&b, names[i]);
                luaL_addchar(&b, '"');
            }
            luaL_pushresult(&b);
            luaL_error(L, "%s.%s: expected %s, got %s", where, key, lua_tostring(L, -1),
                       name ? name : luaL_typename(L, -2));
        }
    }
    lua_pop(L, 1);
    return found;
}

static int boolean_field(lua_State *L, int table, const char *key, int fallback, const char *where) {
    int type = lua_getfield(L, table, key);
    int value = fallback;
    if (type == LUA_TBOOLEAN) value = lua_toboolean(L, -1);
    else if (type != LUA_TNIL) luaL_error(L, "%s.%s: expected true or false, got %s", where, key, luaL_typename(L, -1));
    lua_pop(L, 1);
    return value;
}

void lcanvas_read_motion(lua_State *L, int table, const char *where, lcanvas_motion *out) {
    static const char *const keys[] = {"deceleration", "bounce", "scroll_enabled", "indicators", "pan_axis",
                                       "crown_axis", NULL};
    table = lua_absindex(L, table);
    if (!lua_istable(L, table))
        luaL_error(L, "%s: expected a table such as {bounce = \"never\"}, got %s", where, luaL_typename(L, table));
    lcanvas_check_keys(L, table, keys, where);
    out->deceleration = NAN;
    int type = lua_getfield(L, table, "deceleration");
    if (type == LUA_TSTRING) {
        const char *name = lua_tostring(L, -1);
        if (strcmp(name, "normal") == 0) out->deceleration = CANVAS_DECELERATION_NORMAL;
        else if (strcmp(name, "fast") == 0) out->deceleration = CANVAS_DECELERATION_FAST;
        else luaL_error(L, "%s.deceleration: expected \"normal\", \"fast\" or a rate in (0, 1), got %s", where, name);
    } else if (type == LUA_TNUMBER) {
        out->deceleration = lua_tonumber(L, -1);
        if (!(out->deceleration > 0 && out->deceleration < 1))
            luaL_error(L, "%s.deceleration: expected a rate between 0 and 1 (exclusive), got %s", where,
                       luaL_tolstring(L, -1, NULL));
    } else if (type != LUA_TNIL) {
        luaL_error(L, "%s.deceleration: expected \"normal\", \"fast\" or a rate in (0, 1), got %s", where,
                   luaL_typename(L, -1));
    }
    lua_pop(L, 1);
    out->bounce = option_field(L, table, "bounce", bounce_names, -1, where);
    out->scroll_enabled = boolean_field(L, table, "scroll_enabled", -1, where);
    out->indicators = option_field(L, table, "indicators", indicator_names, -1, where);
    out->pan_axis = option_field(L, table, "pan_axis", pan_axis_names, -1, where);
    out->crown_axis = option_field(L, table, "crown_axis", axis_names, -1, where);
}

void lcanvas_apply_motion(lua_State *L, lcanvas *canvas, int self, const lcanvas_motion *motion) {
    canvas_engine *e = canvas->engine;
    if (!isnan(motion->deceleration)) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_deceleration(e, motion->deceleration)));
    if (motion->bounce >= 0) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_bounce(e, motion->bounce)));
    if (motion->scroll_enabled >= 0) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_scroll_enabled(e, motion->scroll_enabled)));
    if (motion->indicators >= 0) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_indicators(e, motion->indicators)));
    if (motion->pan_axis >= 0) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_pan_axis(e, motion->pan_axis)));
    if (motion->crown_axis >= 0) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_crown_axis(e, motion->crown_axis)));
}

/* ---- results -------------------------------------------------------- */

/* {phase=, velocity={x=, y=}, moving=, projected_end={x=, y=} or absent, t=,
    end_t= (when the running animation ends) or absent} */
void lcanvas_push_motion(lua_State *L, lcanvas *canvas) {
    canvas_motion m;
    lcanvas_check_status(L, canvas, canvas_get_motion(canvas->engine, &m));
    lua_createtable(L, 0, 5);
    lua_pushstring(L, m.phase >= 0 && m.phase <= CANVAS_PHASE_PINCHING ? lcanvas_phase_names[m.phase] : "unknown");
    lua_setfield(L, -2, "phase");
    lcanvas_push_point(L, m.velocity);
    lua_setfield(L, -2, "velocity");
    lua_pushboolean(L, m.moving);
    lua_setfield(L, -2, "moving");
    if (m.has_projected_end) {
        lcanvas_push_point(L, m.projected_end);
        lua_setfield(L, -2, "projected_end");
    }
    lua_pushnumber(L, m.time_ms);
    lua_setfield(L, -2, "t");
    double end = 0;
    int has_end = 0;
    lcanvas_check_status(L, canvas, canvas_get_motion_end(canvas->engine, &end, &has_end));
    if (has_end) {
        lua_pushnumber(L, end);
        lua_setfield(L, -2, "end_t");
    }
}

static void push_indicator(lua_State *L, const canvas_indicator *indicator) {
    if (!indicator->shown) {
        lua_pushnil(L);
        return;
    }
    lua_createtable(L, 0, 3);
    lcanvas_push_rect(L, indicator->track);
    lua_setfield(L, -2, "track");
    lcanvas_push_rect(L, indicator->thumb);
    lua_setfield(L, -2, "thumb");
    lua_pushnumber(L, indicator->opacity);
    lua_setfield(L, -2, "opacity");
}

/* {horizontal = {track=, thumb=, opacity=} or nil, vertical = ...} */
void lcanvas_push_indicators(lua_State *L, lcanvas *canvas) {
    canvas_indicator h, v;
    lcanvas_check_status(L, canvas, canvas_get_indicators(canvas->engine, &h, &v));
    lua_createtable(L, 0, 2);
    push_indicator(L, &h);
    lua_setfield(L, -2, "horizontal");
    push_indicator(L, &v);
    lua_setfield(L, -2, "vertical");
}

/* The host's latest time, for an event that gives none. */
double lcanvas_clock(lua_State *L, lcanvas *canvas) {
    canvas_motion m;
    lcanvas_check_status(L, canvas, canvas_get_motion(canvas->engine, &m));
    return m.time_ms;
}

/* Marks the result as carrying motion and indicators (and the viewport). */
static void show_motion(lua_State *L) {
    lcanvas_show(L, "show_motion");
    lcanvas_show(L, "show_viewport");
}

/* ---- methods -------------------------------------------------------- */

static double check_time(lua_State *L, int arg) {
    lua_Number t = luaL_checknumber(L, arg);
    luaL_argcheck(L, isfinite(t), arg, "expected a finite time in milliseconds");
    return t;
}

/* The modifiers of an optional {shift=, ctrl=, alt=, meta=} argument; a
   pointer's also takes button= (read by pointer_button). */
static canvas_modifiers check_modifiers_of(lua_State *L, int arg, int pointer) {
    static const char *const keys[] = {"shift", "ctrl", "alt", "meta", NULL};
    static const char *const pointer_keys[] = {"shift", "ctrl", "alt", "meta", "button", NULL};
    static const canvas_modifiers bits[] = {CANVAS_MODIFIER_SHIFT, CANVAS_MODIFIER_CTRL, CANVAS_MODIFIER_ALT,
                                            CANVAS_MODIFIER_META};
    if (lua_isnoneornil(L, arg)) return 0;
    luaL_checktype(L, arg, LUA_TTABLE);
    lcanvas_check_keys(L, arg, pointer ? pointer_keys : keys, "modifiers");
    canvas_modifiers held = 0;
    for (int i = 0; keys[i]; i++)
        if (boolean_field(L, arg, keys[i], 0, "modifiers")) held |= bits[i];
    return held;
}

static canvas_modifiers check_modifiers(lua_State *L, int arg) { return check_modifiers_of(L, arg, 0); }

const char *const lcanvas_button_names[] = {"primary", "secondary", "middle", NULL};

/* t.button: "primary" (the default when nil), "secondary" or "middle". */
canvas_pointer_button lcanvas_pointer_button(lua_State *L, int table, const char *where) {
    if (lua_isnoneornil(L, table)) return CANVAS_BUTTON_PRIMARY;
    lua_getfield(L, table, "button");
    canvas_pointer_button button = CANVAS_BUTTON_PRIMARY;
    if (!lua_isnil(L, -1)) {
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        int i = 0;
        while (name && lcanvas_button_names[i] && strcmp(name, lcanvas_button_names[i]) != 0) i++;
        if (!name || !lcanvas_button_names[i])
            luaL_error(L, "%s.button: expected \"primary\", \"secondary\" or \"middle\", got %s", where, lcanvas_got(L, -1));
        button = i;  /* the names are in CANVAS_BUTTON_* order */
    }
    lua_pop(L, 1);
    return button;
}

static int pointer(lua_State *L, canvas_pointer_phase phase) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_point point = {lcanvas_finite_arg(L, 2), lcanvas_finite_arg(L, 3)};
    double t = check_time(L, 4);
    canvas_modifiers held = check_modifiers_of(L, 5, 1);
    canvas_pointer_button button = lcanvas_pointer_button(L, 5, "modifiers");
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1,
        canvas_pointer_event_button(canvas->engine, phase, point, held, button, t)));
    show_motion(L);
    return 0;
}

/* c:pointer_down(x, y, t [, {shift=, ctrl=, alt=, meta=, button=}]) and its siblings: viewport coordinates. */
static int m_pointer_down(lua_State *L) { return pointer(L, CANVAS_POINTER_DOWN); }
static int m_pointer_move(lua_State *L) { return pointer(L, CANVAS_POINTER_MOVE); }
static int m_pointer_up(lua_State *L) { return pointer(L, CANVAS_POINTER_UP); }
static int m_pointer_cancel(lua_State *L) { return pointer(L, CANVAS_POINTER_CANCEL); }

/* c:fling(vx, vy, t): offset points per millisecond. */
static int m_fling(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_point v = {lcanvas_finite_arg(L, 2), lcanvas_finite_arg(L, 3)};
    double t = check_time(L, 4);            /* read before the call: it may raise */
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_fling(canvas->engine, v, t)));
    show_motion(L);
    return 0;
}

const char *const lcanvas_wheel_keys[] = {"dx", "dy", "x", "y", "mode", "shift", "ctrl", "t", NULL};
const char *const lcanvas_fit_keys[] = {"region", "padding", "animated", "duration", "t", NULL};

/* Reads a wheel event's fields (the caller has checked the keys). */
void lcanvas_read_wheel(lua_State *L, int table, const char *where, double now, canvas_wheel_event *out) {
    out->dx = lcanvas_number_field(L, table, "dx", 0, where);
    out->dy = lcanvas_number_field(L, table, "dy", 0, where);
    out->pointer.x = lcanvas_number_field(L, table, "x", 0, where);
    out->pointer.y = lcanvas_number_field(L, table, "y", 0, where);
    out->mode = option_field(L, table, "mode", lcanvas_wheel_modes, CANVAS_WHEEL_PIXEL, where);
    out->shift = boolean_field(L, table, "shift", 0, where);
    out->ctrl = boolean_field(L, table, "ctrl", 0, where);
    out->t_ms = lcanvas_number_field(L, table, "t", now, where);
}

/* c:wheel{dx=, dy=, x=, y=, mode=, shift=, ctrl=, t=} */
static int m_wheel(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    canvas_wheel_event event;
    lcanvas_check_keys(L, 2, lcanvas_wheel_keys, "wheel");
    lcanvas_read_wheel(L, 2, "wheel", lcanvas_clock(L, canvas), &event);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_wheel(canvas->engine, &event)));
    show_motion(L);
    return 0;
}

/* c:crown(delta, t) */
static int m_crown(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    double delta = lcanvas_finite_arg(L, 2);
    double t = check_time(L, 3);            /* read before the call: it may raise */
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_rotary(canvas->engine, delta, t)));
    show_motion(L);
    return 0;
}

const char *const lcanvas_held_key_names[] = {"space", NULL};

/* c:key_state(name, down): a held key went down or up ("space"). */
static int m_key_state(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int key = luaL_checkoption(L, 2, NULL, lcanvas_held_key_names);
    luaL_checktype(L, 3, LUA_TBOOLEAN);
    lcanvas_check_status(L, canvas, canvas_key_state(canvas->engine, key, lua_toboolean(L, 3)));
    return 0;
}

/* c:key(name, t [, {shift=}]) */
static int m_key(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int key = luaL_checkoption(L, 2, NULL, lcanvas_key_names);
    double t = check_time(L, 3);
    canvas_modifiers held = check_modifiers(L, 4);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_key_event(canvas->engine, key, held, t)));
    show_motion(L);
    return 0;
}

void lcanvas_push_tick(lua_State *L, const canvas_tick_result *r) {
    lua_createtable(L, 0, 5);
    lua_pushboolean(L, r->moved);
    lua_setfield(L, -2, "moved");
    lua_pushboolean(L, r->active);
    lua_setfield(L, -2, "active");
    lua_pushstring(L, r->phase >= 0 && r->phase <= CANVAS_PHASE_PINCHING ? lcanvas_phase_names[r->phase] : "unknown");
    lua_setfield(L, -2, "phase");
    lua_pushboolean(L, r->published);
    lua_setfield(L, -2, "published");
    lua_pushboolean(L, r->fading);
    lua_setfield(L, -2, "fading");
}

/* c:tick(t) -> {moved=, active=, phase=, published=, fading=} */
static int m_tick(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    double t = check_time(L, 2);
    canvas_tick_result result;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_tick(canvas->engine, t, &result)));
    show_motion(L);
    lcanvas_push_tick(L, &result);
    return 1;
}

/* The zoom-to-fit options: region (nil: every item), padding, animated,
   duration, t (the caller has checked the keys). */
void lcanvas_read_fit(lua_State *L, int table, const char *where, double now, lcanvas_fit *out) {
    out->has_region = lua_getfield(L, table, "region") != LUA_TNIL;
    if (out->has_region) {
        char inner[64];
        snprintf(inner, sizeof inner, "%s.region", where);
        if (!lua_istable(L, -1)) luaL_error(L, "%s: expected {x=, y=, width=, height=}, got %s", inner, luaL_typename(L, -1));
        out->region = lcanvas_rect_table(L, lua_gettop(L), inner);
    }
    lua_pop(L, 1);
    out->padding = lcanvas_number_field(L, table, "padding", 0, where);
    out->animated = boolean_field(L, table, "animated", 0, where);
    out->duration = lcanvas_number_field(L, table, "duration", CANVAS_DURATION_DEFAULT, where);
    if (out->duration < 0 && out->duration != CANVAS_DURATION_DEFAULT)
        luaL_error(L, "%s.duration: expected milliseconds, 0 or more, got %f", where, out->duration);
    out->t = lcanvas_number_field(L, table, "t", now, where);
}

canvas_status lcanvas_zoom_to_fit(lua_State *L, lcanvas *canvas, int self, const lcanvas_fit *fit) {
    return LCANVAS_CALL(L, canvas, self, canvas_zoom_to_fit(canvas->engine, fit->has_region ? &fit->region : NULL,
                                                            fit->padding, fit->animated, fit->duration, fit->t));
}

/* c:zoom_to_fit{region=, padding=, animated=, duration=, t=} */
static int m_zoom_to_fit(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    if (lua_isnoneornil(L, 2)) lua_newtable(L), lua_replace(L, 2);
    luaL_checktype(L, 2, LUA_TTABLE);
    lcanvas_fit fit;
    lcanvas_check_keys(L, 2, lcanvas_fit_keys, "zoom_to_fit");
    lcanvas_read_fit(L, 2, "zoom_to_fit", lcanvas_clock(L, canvas), &fit);
    lcanvas_check_status(L, canvas, lcanvas_zoom_to_fit(L, canvas, 1, &fit));
    show_motion(L);
    lcanvas_show(L, "show_zoom");
    return 0;
}

/* c:set_motion{deceleration=, bounce=, scroll_enabled=, indicators=, pan_axis=, crown_axis=} */
static int m_set_motion(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_motion motion;
    lcanvas_read_motion(L, 2, "set_motion", &motion);
    lcanvas_apply_motion(L, canvas, 1, &motion);
    show_motion(L);
    return 0;
}

/* c:motion() -> {phase=, velocity={x=, y=}, moving=, projected_end=, t=} */
static int m_motion(lua_State *L) {
    lcanvas_push_motion(L, lcanvas_check(L, 1));
    return 1;
}

/* c:indicators() -> {horizontal=, vertical=} */
static int m_indicators(lua_State *L) {
    lcanvas_push_indicators(L, lcanvas_check(L, 1));
    return 1;
}

/* c:viewport() -> {x=, y=, width=, height=}: the visible rectangle, as a frame draws it. */
static int m_viewport(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_rect viewport;
    lcanvas_check_status(L, canvas, canvas_get_viewport(canvas->engine, &viewport));
    lcanvas_push_rect(L, viewport);
    return 1;
}

/*
** c:visible_items() -> {{id=, x=, y=, width=, height=}, ...}: what a frame
** draws, so it runs every frame. Each table is made with room for its five
** fields (four would rehash it on the fifth), and the keys are pushed once
** and set with lua_rawset, as lplace.c's items: lua_setfield would look
** each C string up in Lua's string cache for every field of every item.
*/
static int m_visible_items(lua_State *L) {
    static const char *const keys[] = {"id", "x", "y", "width", "height"};
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_visible_items(canvas->engine, NULL, 0, &count));
    canvas_visible_item *items = lua_newuserdatauv(L, count * sizeof *items + 1, 0);
    lcanvas_check_status(L, canvas, canvas_copy_visible_items(canvas->engine, items, count, &count));
    int key = lua_gettop(L) + 1;
    for (int k = 0; k < 5; k++) lua_pushstring(L, keys[k]);
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        const canvas_rect *frame = &items[i].frame;
        const double values[4] = {frame->x, frame->y, frame->width, frame->height};
        lua_createtable(L, 0, 5);
        lua_pushvalue(L, key);
        lcanvas_push_script_id(L, state, items[i].id);
        lua_rawset(L, -3);
        for (int k = 0; k < 4; k++) {
            lua_pushvalue(L, key + 1 + k);
            lua_pushnumber(L, values[k]);
            lua_rawset(L, -3);
        }
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* c:frame(id) -> {x=, y=, width=, height=} (zoomed) */
static int m_frame(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    uint64_t id = lcanvas_check_id_at(L, state, 2, 2);
    canvas_rect frame;
    canvas_status status = canvas_get_frame(canvas->engine, id, &frame);
    if (status == CANVAS_ERR_NOT_FOUND) lcanvas_no_such_id(L, 2);
    lcanvas_check_status(L, canvas, status);
    lcanvas_push_rect(L, frame);
    return 1;
}

static const luaL_Reg motion_methods[] = {
    {"pointer_down", m_pointer_down},
    {"pointer_move", m_pointer_move},
    {"pointer_up", m_pointer_up},
    {"pointer_cancel", m_pointer_cancel},
    {"fling", m_fling},
    {"wheel", m_wheel},
    {"crown", m_crown},
    {"key", m_key},
    {"key_state", m_key_state},
    {"tick", m_tick},
    {"zoom_to_fit", m_zoom_to_fit},
    {"set_motion", m_set_motion},
    {"motion", m_motion},
    {"indicators", m_indicators},
    {"viewport", m_viewport},
    {"visible_items", m_visible_items},
    {"frame", m_frame},
    {NULL, NULL},
};

void lcanvas_open_motion_methods(lua_State *L) {
    luaL_setfuncs(L, motion_methods, 0);
}
