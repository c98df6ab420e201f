/*
** lgestures.c: a description's gestures, replayed in order after resolving.
**
**     gestures = {
**       {"began", scale = 1, x = 200, y = 150},   -- a pinch begins (scale 1, 2 touches)
**       {"changed", scale = 2, touches = 2},      -- ... and spreads to twice the span
**       {"ended"},                                -- or {"cancelled"}, {"failed"}
**       {"tap"},                                  -- the two-finger tap
**       {"select", x = 40, y = 30},               -- a one-finger tap that selects
**       {"down", x = 200, y = 150, t = 0},        -- a pointer drag ...
**       {"move", x = 120, y = 150, t = 16},
**       {"up", x = 60, y = 150, t = 32},          -- ... released: it flings
**       {"down", x = 9, y = 9, button = "middle"},  -- buttons: primary (default), secondary, middle
**       {"key", key = "space", down = true},      -- a held key's state (space: primary pans)
**       {"run", to = 2000, every = 16},           -- display frames until 2000 ms
**     }
**
** Motion gestures carry t, the host's time in milliseconds; a missing t is
** the previous event's. Positions are viewport coordinates; a pinch without
** x or y is centered on the viewport on that axis. Every gesture is checked
** before any is played. With trace = true each tick (a {"tick"} or a frame
** of a {"run"}) is recorded.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lcanvas_internal.h"

enum {
    GESTURE_TAP = CANVAS_PINCH_FAILED + 1, GESTURE_SELECT,
    GESTURE_DOWN, GESTURE_MOVE, GESTURE_UP, GESTURE_CANCEL, GESTURE_FLING, GESTURE_WHEEL, GESTURE_CROWN,
    GESTURE_KEY, GESTURE_TICK, GESTURE_RUN, GESTURE_SCROLL_TO, GESTURE_ZOOM_TO_FIT, GESTURE_UNDO, GESTURE_REDO,
};

enum { TARGET_ID, TARGET_POINT, TARGET_REGION };

typedef struct gesture {
    int kind;                       /* a canvas_pinch_phase or one of GESTURE_* */
    double t;                       /* NaN: the engine's time when the replay starts */
    double scale;
    int touches;
    double x, y;                    /* NaN: the viewport's middle (pinches) */
    canvas_modifiers modifiers;
    canvas_pointer_button button;   /* down, move, up */
    int held;                       /* key: 1 for a held key's state (space), with down */
    int down;
    double vx, vy;                  /* fling */
    double delta;                   /* crown */
    int key;
    double to, every;               /* run */
    canvas_wheel_event wheel;
    int target;                     /* scroll_to */
    uint64_t id;
    canvas_rect region;
    canvas_point anchor;
    int animated;
    double duration;
    lcanvas_fit fit;                /* zoom_to_fit */
} gesture;

static const char *const names[] = {
    "began", "changed", "ended", "cancelled", "failed", "tap", "select",
    "down", "move", "up", "cancel", "fling", "wheel", "crown", "key", "tick", "run", "scroll_to", "zoom_to_fit",
    "undo", "redo", NULL,
};
static const int kinds[] = {
    CANVAS_PINCH_BEGAN, CANVAS_PINCH_CHANGED, CANVAS_PINCH_ENDED, CANVAS_PINCH_CANCELLED, CANVAS_PINCH_FAILED,
    GESTURE_TAP, GESTURE_SELECT,
    GESTURE_DOWN, GESTURE_MOVE, GESTURE_UP, GESTURE_CANCEL, GESTURE_FLING, GESTURE_WHEEL, GESTURE_CROWN,
    GESTURE_KEY, GESTURE_TICK, GESTURE_RUN, GESTURE_SCROLL_TO, GESTURE_ZOOM_TO_FIT, GESTURE_UNDO, GESTURE_REDO,
};

static const char *name_of(int kind) {
    for (int i = 0; names[i]; i++)
        if (kinds[i] == kind) return names[i];
    return "gesture";
}

/* Fails on keys this kind of gesture does not take; [1] is its name. */
static void check_gesture_keys(lua_State *L, int entry, const char *const *known, const char *where,
                               const char *kind) {
    lua_pushnil(L);
    while (lua_next(L, entry)) {
        lua_pop(L, 1);
        int found = lua_isinteger(L, -1) && lua_tointeger(L, -1) == 1;
        if (lua_type(L, -1) == LUA_TSTRING)
            for (const char *const *key = known; *key && !found; key++)
                found = strcmp(*key, lua_tostring(L, -1)) == 0;
        if (!found) {
            const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_tolstring(L, -1, NULL);
            luaL_error(L, "%s: unknown key '%s' for a %s gesture", where, name, kind);
        }
    }
}

static double required(lua_State *L, int entry, const char *key, const char *where, const char *kind) {
    if (lua_getfield(L, entry, key) == LUA_TNIL)
        luaL_error(L, "%s: a %s gesture needs %s", where, kind, key);
    lua_pop(L, 1);
    return lcanvas_number_field(L, entry, key, 0, where);
}

static int flag(lua_State *L, int entry, const char *key, int fallback, const char *where) {
    int type = lua_getfield(L, entry, key), value = fallback;
    if (type == LUA_TBOOLEAN) value = lua_toboolean(L, -1);
    else if (type != LUA_TNIL) luaL_error(L, "%s.%s: expected true or false, got %s", where, key, luaL_typename(L, -1));
    lua_pop(L, 1);
    return value;
}

/* The time of a motion gesture: its t, or the previous event's. */
static double read_time(lua_State *L, int entry, const char *where, double previous) {
    double t = lcanvas_number_field(L, entry, "t", previous, where);
    if (!isnan(previous) && t < previous)
        luaL_error(L, "%s.t: %f ms is before the previous event's %f ms (times must not go back)", where, t, previous);
    return t;
}

static void read_pinch(lua_State *L, int entry, const char *where, const char *name, gesture *out) {
    static const char *const pinch_keys[] = {"scale", "touches", "x", "y", "t", NULL};
    check_gesture_keys(L, entry, pinch_keys, where, name);
    if (lua_getfield(L, entry, "scale") == LUA_TNIL && out->kind == CANVAS_PINCH_CHANGED)
        luaL_error(L, "%s: a changed gesture needs scale (the ratio since the pinch began)", where);
    lua_pop(L, 1);
    out->scale = lcanvas_number_field(L, entry, "scale", 1, where);
    if (out->scale <= 0) luaL_error(L, "%s.scale: expected a positive number, got %f", where, out->scale);
    if (lua_getfield(L, entry, "touches") != LUA_TNIL) {
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > 10)
            luaL_error(L, "%s.touches: expected a whole number from 0 to 10, got %s", where, luaL_tolstring(L, -1, NULL));
        out->touches = (int)lua_tointeger(L, -1);
    }
    lua_pop(L, 1);
    out->x = lcanvas_number_field(L, entry, "x", NAN, where);
    out->y = lcanvas_number_field(L, entry, "y", NAN, where);
}

static void read_scroll_to(lua_State *L, int entry, int state, const char *where, gesture *out) {
    static const char *const keys[] = {"id", "x", "y", "region", "anchor", "animated", "duration", "t", NULL};
    check_gesture_keys(L, entry, keys, where, "scroll_to");
    int has_id = lua_getfield(L, entry, "id") != LUA_TNIL;
    int has_region = lua_getfield(L, entry, "region") != LUA_TNIL;
    int has_point = lua_getfield(L, entry, "x") != LUA_TNIL || lua_getfield(L, entry, "y") != LUA_TNIL;
    lua_settop(L, entry);
    if (has_id + has_region + has_point != 1)
        luaL_error(L, "%s: a scroll_to gesture needs one target: id=, x= and y=, or region=", where);
    char inner[64];
    if (has_id) {
        lua_getfield(L, entry, "id");
        int type = lua_type(L, -1);
        if (!(type == LUA_TSTRING || (type == LUA_TNUMBER && lua_isinteger(L, -1))))
            luaL_error(L, "%s.id: expected an id (an integer or a string), got %s", where, luaL_typename(L, -1));
        if (!lcanvas_known_id(L, state, lua_gettop(L), &out->id))
            luaL_error(L, "%s.id: no item has id %s", where, luaL_tolstring(L, -1, NULL));
        lua_settop(L, entry);
        out->target = TARGET_ID;
    } else if (has_region) {
        snprintf(inner, sizeof inner, "%s.region", where);
        lua_getfield(L, entry, "region");
        out->region = lcanvas_rect_table(L, lua_gettop(L), inner);
        lua_pop(L, 1);
        out->target = TARGET_REGION;
    } else {
        out->x = required(L, entry, "x", where, "scroll_to");
        out->y = required(L, entry, "y", where, "scroll_to");
        out->target = TARGET_POINT;
    }
    snprintf(inner, sizeof inner, "%s.anchor", where);
    out->anchor = (canvas_point){0.5, 0.5};
    if (lua_getfield(L, entry, "anchor") != LUA_TNIL) out->anchor = lcanvas_unit_point(L, lua_gettop(L), inner);
    lua_pop(L, 1);
    out->animated = flag(L, entry, "animated", 1, where);
    out->duration = lcanvas_number_field(L, entry, "duration", CANVAS_DURATION_DEFAULT, where);
    if (out->duration < 0 && out->duration != CANVAS_DURATION_DEFAULT)
        luaL_error(L, "%s.duration: expected milliseconds, 0 or more, got %f", where, out->duration);
}

/* Reads one gesture; `previous` is the time so far (NaN before any). */
static void read_gesture(lua_State *L, int entry, int state, const char *where, double previous, gesture *out) {
    static const char *const point_keys[] = {"x", "y", "t", NULL};
    static const char *const pointer_keys[] = {"x", "y", "shift", "ctrl", "alt", "meta", "button", "t", NULL};
    static const char *const cancel_keys[] = {"x", "y", "t", NULL};
    static const char *const fling_keys[] = {"vx", "vy", "t", NULL};
    static const char *const crown_keys[] = {"delta", "t", NULL};
    static const char *const key_keys[] = {"key", "shift", "down", "t", NULL};
    static const char *const time_keys[] = {"t", NULL};
    static const char *const run_keys[] = {"to", "every", NULL};
    if (!lua_istable(L, entry))
        luaL_error(L, "%s: expected a table such as {\"changed\", scale = 2}, got %s", where, luaL_typename(L, entry));
    lua_geti(L, entry, 1);
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    int found = -1;
    for (int i = 0; name && names[i]; i++)
        if (strcmp(name, names[i]) == 0) found = i;
    if (found < 0)
        luaL_error(L, "%s: unknown gesture '%s' (expected began, changed, ended, cancelled, failed, tap, select, "
                      "down, move, up, cancel, fling, wheel, crown, key, tick, run, scroll_to, zoom_to_fit, undo or redo)",
                   where, name ? name : luaL_typename(L, -1));
    lua_pop(L, 1);
    memset(out, 0, sizeof *out);
    out->kind = kinds[found];
    out->scale = 1;
    out->touches = 2;
    out->x = out->y = NAN;
    const char *kind = names[found];
    switch (out->kind) {
    case GESTURE_TAP:
        check_gesture_keys(L, entry, time_keys, where, kind);
        break;
    case GESTURE_SELECT: {
        check_gesture_keys(L, entry, point_keys, where, kind);
        canvas_point point = lcanvas_point_table(L, entry, where);
        out->x = point.x;
        out->y = point.y;
        break;
    }
    case GESTURE_DOWN: case GESTURE_MOVE: case GESTURE_UP:
        check_gesture_keys(L, entry, pointer_keys, where, kind);
        out->x = required(L, entry, "x", where, kind);
        out->y = required(L, entry, "y", where, kind);
        if (flag(L, entry, "shift", 0, where)) out->modifiers |= CANVAS_MODIFIER_SHIFT;
        if (flag(L, entry, "ctrl", 0, where)) out->modifiers |= CANVAS_MODIFIER_CTRL;
        if (flag(L, entry, "alt", 0, where)) out->modifiers |= CANVAS_MODIFIER_ALT;
        if (flag(L, entry, "meta", 0, where)) out->modifiers |= CANVAS_MODIFIER_META;
        out->button = lcanvas_pointer_button(L, entry, where);
        break;
    case GESTURE_CANCEL:
        check_gesture_keys(L, entry, cancel_keys, where, kind);
        out->x = lcanvas_number_field(L, entry, "x", 0, where);
        out->y = lcanvas_number_field(L, entry, "y", 0, where);
        break;
    case GESTURE_FLING:
        check_gesture_keys(L, entry, fling_keys, where, kind);
        out->vx = lcanvas_number_field(L, entry, "vx", 0, where);
        out->vy = lcanvas_number_field(L, entry, "vy", 0, where);
        break;
    case GESTURE_WHEEL:
        check_gesture_keys(L, entry, lcanvas_wheel_keys, where, kind);
        lcanvas_read_wheel(L, entry, where, 0, &out->wheel);
        break;
    case GESTURE_CROWN:
        check_gesture_keys(L, entry, crown_keys, where, kind);
        out->delta = required(L, entry, "delta", where, kind);
        break;
    case GESTURE_KEY: {
        check_gesture_keys(L, entry, key_keys, where, kind);
        lua_getfield(L, entry, "down");
        int has_down = !lua_isnil(L, -1);
        lua_pop(L, 1);
        lua_getfield(L, entry, "key");
        const char *key = lua_tostring(L, -1);
        /* {"key", key = "space", down = true|false}: a held key's state. */
        for (int i = 0; key && lcanvas_held_key_names[i]; i++)
            if (lua_type(L, -1) == LUA_TSTRING && strcmp(key, lcanvas_held_key_names[i]) == 0) {
                if (!has_down) luaL_error(L, "%s.down: key \"%s\" is held or not: expected true or false, got nil", where, key);
                out->held = 1;
                out->key = i;
                out->down = flag(L, entry, "down", 0, where);
            }
        if (out->held) { lua_pop(L, 1); break; }
        if (has_down) luaL_error(L, "%s.down: only a held key (space) takes down", where);
        out->key = -1;
        for (int i = 0; key && lcanvas_key_names[i]; i++)
            if (strcmp(key, lcanvas_key_names[i]) == 0) out->key = i;
        if (out->key < 0 || lua_type(L, -1) != LUA_TSTRING)
            luaL_error(L, "%s.key: expected left, right, up, down, page_up, page_down, home, end or delete, got %s", where,
                       lua_type(L, -1) == LUA_TSTRING ? key : luaL_typename(L, -1));
        lua_pop(L, 1);
        if (flag(L, entry, "shift", 0, where)) out->modifiers |= CANVAS_MODIFIER_SHIFT;
        break;
    }
    case GESTURE_TICK: case GESTURE_UNDO: case GESTURE_REDO:
        check_gesture_keys(L, entry, time_keys, where, kind);
        break;
    case GESTURE_RUN:
        check_gesture_keys(L, entry, run_keys, where, kind);
        out->to = required(L, entry, "to", where, kind);
        out->every = lcanvas_number_field(L, entry, "every", 16, where);
        if (!(out->every >= 1)) luaL_error(L, "%s.every: expected at least 1 (milliseconds), got %f", where, out->every);
        if (!isnan(previous) && out->to < previous)
            luaL_error(L, "%s.to: %f ms is before the previous event's %f ms (times must not go back)", where, out->to,
                       previous);
        out->t = out->to;
        return;
    case GESTURE_SCROLL_TO:
        read_scroll_to(L, entry, state, where, out);
        break;
    case GESTURE_ZOOM_TO_FIT:
        check_gesture_keys(L, entry, lcanvas_fit_keys, where, kind);
        lcanvas_read_fit(L, entry, where, 0, &out->fit);
        break;
    default:
        read_pinch(L, entry, where, kind, out);
    }
    out->t = read_time(L, entry, where, previous);
    if (out->kind == GESTURE_WHEEL) out->wheel.t_ms = out->t;
    if (out->kind == GESTURE_ZOOM_TO_FIT) out->fit.t = out->t;
}

int lcanvas_read_gestures(lua_State *L, int list, int state) {
    list = lua_absindex(L, list);
    state = lua_absindex(L, state);
    if (!lua_istable(L, list))
        luaL_error(L, "gestures: expected an array of gestures such as {\"began\"}, got %s", luaL_typename(L, list));
    lua_Integer count = luaL_len(L, list);
    if (count < 0 || count > (1 << 20)) luaL_error(L, "gestures: expected at most %d gestures", 1 << 20);
    gesture *out = lua_newuserdatauv(L, (size_t)count * sizeof *out + 1, 0);
    char where[40];
    double t = NAN;
    for (lua_Integer i = 1; i <= count; i++) {
        snprintf(where, sizeof where, "gestures[%lld]", (long long)i);
        lua_geti(L, list, i);
        read_gesture(L, lua_gettop(L), state, where, t, &out[i - 1]);
        t = out[i - 1].t;
        lua_pop(L, 1);
    }
    return (int)count;
}

/* Whether any of the gestures read at `gestures` moves the viewport under
   the host's clock (a pointer, a fling, a tick ...): results then carry the motion. */
int lcanvas_gestures_move(lua_State *L, int gestures, int count) {
    if (!gestures) return 0;
    const gesture *list = lua_touserdata(L, gestures);
    for (int i = 0; i < count; i++)
        if (list[i].kind >= GESTURE_DOWN && list[i].kind <= GESTURE_ZOOM_TO_FIT) return 1;
    return 0;
}

/* A point in viewport coordinates from the numbers at x and y; a side left
   out (none or nil) is the viewport's middle on that axis. */
canvas_point lcanvas_viewport_point(lua_State *L, lcanvas *canvas, int x, int y, const char *where) {
    canvas_rect viewport;
    lcanvas_check_status(L, canvas, canvas_get_viewport(canvas->engine, &viewport));
    canvas_point point = {viewport.width / 2, viewport.height / 2};
    if (!lua_isnoneornil(L, x)) point.x = lcanvas_check_finite(L, x, where, "x");
    if (!lua_isnoneornil(L, y)) point.y = lcanvas_check_finite(L, y, where, "y");
    return point;
}

/* One tick. With trace on it is recorded into state.trace ({t=, x=, y=,
   zoom=, phase=}); otherwise only the viewport's offset goes into
   state.path ({x=, y=}), which the SVG draws. */
static void tick(lua_State *L, lcanvas *canvas, int self, int state, double t) {
    canvas_tick_result result;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_tick(canvas->engine, t, &result)));
    canvas_rect viewport;
    double scale;
    lcanvas_check_status(L, canvas, canvas_get_viewport(canvas->engine, &viewport));
    lcanvas_check_status(L, canvas, canvas_get_zoom(canvas->engine, &scale));
    lua_getfield(L, state, "show_trace");
    int traced = lua_toboolean(L, -1);
    lua_pop(L, 1);
    const char *list = traced ? "trace" : "path";
    if (lua_getfield(L, state, list) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, state, list);
    }
    lua_createtable(L, 0, traced ? 5 : 2);
    lua_pushnumber(L, viewport.x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, viewport.y);
    lua_setfield(L, -2, "y");
    if (traced) {
        lua_pushnumber(L, t);
        lua_setfield(L, -2, "t");
        lua_pushnumber(L, scale);
        lua_setfield(L, -2, "zoom");
        lua_pushstring(L, lcanvas_phase_names[result.phase >= 0 && result.phase <= CANVAS_PHASE_PINCHING ? result.phase : 0]);
        lua_setfield(L, -2, "phase");
    }
    lua_rawseti(L, -2, (lua_Integer)luaL_len(L, -2) + 1);
    lua_pop(L, 1);
}

/* The display frames a run makes from `now` before its last one at `to`. */
static double run_frames(double now, const gesture *g) {
    double span = g->to - now;
    return span > 0 ? ceil(span / g->every) - 1 : 0;
}

#define MAX_FRAMES 1e6

/* The cap covers the whole replay: every run's frames, counted from the
   times the replay will reach (the first gesture's from the engine's clock). */
static void check_frames(lua_State *L, const gesture *list, int count, double start) {
    double now = start, frames = 0;
    for (int i = 0; i < count; i++) {
        const gesture *g = &list[i];
        if (g->kind == GESTURE_RUN) {
            if (g->to < now)
                luaL_error(L, "gestures[%d].to: %f ms is before the previous event's %f ms (times must not go back)",
                           i + 1, g->to, now);
            frames += run_frames(now, g) + 1;
            if (frames > MAX_FRAMES)
                luaL_error(L, "gestures[%d] (run): the replay's runs make more than a million frames", i + 1);
        }
        now = isnan(g->t) ? start : g->t;
    }
}

void lcanvas_replay_gestures(lua_State *L, int self, int gestures, int count) {
    self = lua_absindex(L, self);
    lcanvas *canvas = lcanvas_check(L, self);
    lua_getiuservalue(L, self, 1);
    int state = lua_gettop(L);
    const gesture *list = lua_touserdata(L, gestures);
    canvas_engine *e = canvas->engine;
    double start = lcanvas_clock(L, canvas), now = start;
    check_frames(L, list, count, start);
    for (int i = 0; i < count; i++) {
        const gesture *g = &list[i];
        double t = isnan(g->t) ? start : g->t;
        canvas_rect viewport;
        lcanvas_check_status(L, canvas, canvas_get_viewport(e, &viewport));
        canvas_point at = {isnan(g->x) ? viewport.width / 2 : g->x, isnan(g->y) ? viewport.height / 2 : g->y};
        canvas_status status = CANVAS_OK;
        switch (g->kind) {
        case GESTURE_TAP: status = LCANVAS_CALL(L, canvas, self, canvas_two_finger_tap(e)); break;
        case GESTURE_SELECT: status = LCANVAS_CALL(L, canvas, self, canvas_select_at(e, at, NULL, NULL)); break;
        case GESTURE_DOWN: status = LCANVAS_CALL(L, canvas, self, canvas_pointer_event_button(e, CANVAS_POINTER_DOWN, at, g->modifiers, g->button, t)); break;
        case GESTURE_MOVE: status = LCANVAS_CALL(L, canvas, self, canvas_pointer_event_button(e, CANVAS_POINTER_MOVE, at, g->modifiers, g->button, t)); break;
        case GESTURE_UP: status = LCANVAS_CALL(L, canvas, self, canvas_pointer_event_button(e, CANVAS_POINTER_UP, at, g->modifiers, g->button, t)); break;
        case GESTURE_CANCEL: status = LCANVAS_CALL(L, canvas, self, canvas_pointer_event(e, CANVAS_POINTER_CANCEL, at, 0, t)); break;
        case GESTURE_FLING: status = LCANVAS_CALL(L, canvas, self, canvas_fling(e, (canvas_point){g->vx, g->vy}, t)); break;
        case GESTURE_WHEEL: {
            canvas_wheel_event wheel = g->wheel;
            wheel.t_ms = t;
            status = LCANVAS_CALL(L, canvas, self, canvas_wheel(e, &wheel));
            break;
        }
        case GESTURE_CROWN: status = LCANVAS_CALL(L, canvas, self, canvas_rotary(e, g->delta, t)); break;
        case GESTURE_KEY:
            status = g->held ? canvas_key_state(e, g->key, g->down)
                             : LCANVAS_CALL(L, canvas, self, canvas_key_event(e, g->key, g->modifiers, t));
            break;
        case GESTURE_UNDO: status = LCANVAS_CALL(L, canvas, self, canvas_undo(e)); break;
        case GESTURE_REDO: status = LCANVAS_CALL(L, canvas, self, canvas_redo(e)); break;
        case GESTURE_TICK: tick(L, canvas, self, state, t); break;
        case GESTURE_RUN: {
            /* Display frames every `every` ms after the last event, through `to`;
               counted, since at 2^53 ms and beyond adding `every` may not advance. */
            double frames = run_frames(now, g);
            for (double k = 1; k <= frames; k++) {
                double frame = now + k * g->every;
                if (frame >= g->to) break;
                tick(L, canvas, self, state, frame);
            }
            tick(L, canvas, self, state, g->to);
            break;
        }
        case GESTURE_SCROLL_TO:
            if (g->target == TARGET_ID)
                status = g->animated ? LCANVAS_CALL(L, canvas, self, canvas_scroll_to_id_animated(e, g->id, g->anchor, g->duration, t))
                                     : LCANVAS_CALL(L, canvas, self, canvas_scroll_to_id(e, g->id, g->anchor, NULL));
            else if (g->target == TARGET_REGION)
                status = g->animated ? LCANVAS_CALL(L, canvas, self, canvas_scroll_to_rect_animated(e, g->region, g->anchor, g->duration, t))
                                     : LCANVAS_CALL(L, canvas, self, canvas_scroll_to_rect(e, g->region, g->anchor, NULL));
            else
                status = g->animated ? LCANVAS_CALL(L, canvas, self, canvas_scroll_to_point_animated(e, (canvas_point){g->x, g->y}, g->anchor, g->duration, t))
                                     : LCANVAS_CALL(L, canvas, self, canvas_scroll_to_point(e, (canvas_point){g->x, g->y}, g->anchor, NULL));
            break;
        case GESTURE_ZOOM_TO_FIT: {
            lcanvas_fit fit = g->fit;
            fit.t = t;
            status = lcanvas_zoom_to_fit(L, canvas, self, &fit);
            break;
        }
        default:
            status = LCANVAS_CALL(L, canvas, self, canvas_pinch(e, g->kind, g->scale, g->touches, at));
        }
        if (status != CANVAS_OK) luaL_error(L, "gestures[%d] (%s): %s", i + 1, name_of(g->kind), canvas_engine_last_error(e));
        if (g->kind == GESTURE_UNDO || g->kind == GESTURE_REDO) lcanvas_note_live_ids(L, canvas, state);
        now = t;
    }
    lua_pop(L, 1);
}
