/*
** lgestures.c: a description's gestures, replayed in order after resolving.
**
**     gestures = {
**       {"began", scale = 1, x = 200, y = 150},   -- a pinch begins (scale 1, 2 touches)
**       {"changed", scale = 2, touches = 2},      -- ... and spreads to twice the span
**       {"ended"},                                -- or {"cancelled"} or {"failed"}
**       {"tap"},                                  -- the two-finger tap
**       {"select", x = 40, y = 30},               -- a one-finger tap that selects
**     }
**
** Positions are viewport coordinates; a pinch without x or y is centered on
** the viewport on that axis. Every gesture is checked before any is played.
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lcanvas_internal.h"

enum { GESTURE_TAP = CANVAS_PINCH_FAILED + 1, GESTURE_SELECT };

typedef struct gesture {
    int kind;                       /* a canvas_pinch_phase, GESTURE_TAP or GESTURE_SELECT */
    double scale;
    int touches;
    double x, y;                    /* NaN: the viewport's middle */
} gesture;

static const char *const names[] = {"began", "changed", "ended", "cancelled", "failed", "tap", "select", NULL};
static const int kinds[] = {
    CANVAS_PINCH_BEGAN, CANVAS_PINCH_CHANGED, CANVAS_PINCH_ENDED, CANVAS_PINCH_CANCELLED, CANVAS_PINCH_FAILED,
    GESTURE_TAP, GESTURE_SELECT,
};

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

static void read_gesture(lua_State *L, int entry, const char *where, gesture *out) {
    static const char *const pinch_keys[] = {"scale", "touches", "x", "y", NULL};
    static const char *const point_keys[] = {"x", "y", NULL};
    static const char *const no_keys[] = {NULL};
    if (!lua_istable(L, entry))
        luaL_error(L, "%s: expected a table such as {\"changed\", scale = 2}, got %s", where, luaL_typename(L, entry));
    lua_geti(L, entry, 1);
    const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    int found = -1;
    for (int i = 0; name && names[i]; i++)
        if (strcmp(name, names[i]) == 0) found = i;
    if (found < 0)
        luaL_error(L, "%s: unknown gesture '%s' (expected began, changed, ended, cancelled, failed, tap or select)",
                   where, name ? name : luaL_typename(L, -1));
    lua_pop(L, 1);
    out->kind = kinds[found];
    out->scale = 1;
    out->touches = 2;
    out->x = out->y = NAN;
    if (out->kind == GESTURE_TAP) {
        check_gesture_keys(L, entry, no_keys, where, names[found]);
        return;
    }
    if (out->kind == GESTURE_SELECT) {
        check_gesture_keys(L, entry, point_keys, where, names[found]);
        canvas_point point = lcanvas_point_table(L, entry, where);
        out->x = point.x;
        out->y = point.y;
        return;
    }
    check_gesture_keys(L, entry, pinch_keys, where, names[found]);
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

int lcanvas_read_gestures(lua_State *L, int list) {
    list = lua_absindex(L, list);
    if (!lua_istable(L, list))
        luaL_error(L, "gestures: expected an array of gestures such as {\"began\"}, got %s", luaL_typename(L, list));
    lua_Integer count = luaL_len(L, list);
    if (count < 0 || count > (1 << 20)) luaL_error(L, "gestures: expected at most %d gestures", 1 << 20);
    gesture *out = lua_newuserdatauv(L, (size_t)count * sizeof *out + 1, 0);
    char where[40];
    for (lua_Integer i = 1; i <= count; i++) {
        snprintf(where, sizeof where, "gestures[%lld]", (long long)i);
        lua_geti(L, list, i);
        read_gesture(L, lua_gettop(L), where, &out[i - 1]);
        lua_pop(L, 1);
    }
    return (int)count;
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

void lcanvas_replay_gestures(lua_State *L, int self, int gestures, int count) {
    self = lua_absindex(L, self);
    lcanvas *canvas = lcanvas_check(L, self);
    const gesture *list = lua_touserdata(L, gestures);
    for (int i = 0; i < count; i++) {
        const gesture *g = &list[i];
        canvas_rect viewport;
        lcanvas_check_status(L, canvas, canvas_get_viewport(canvas->engine, &viewport));
        canvas_point at = {isnan(g->x) ? viewport.width / 2 : g->x, isnan(g->y) ? viewport.height / 2 : g->y};
        canvas_status status;
        if (g->kind == GESTURE_TAP)
            status = LCANVAS_CALL(L, canvas, self, canvas_two_finger_tap(canvas->engine));
        else if (g->kind == GESTURE_SELECT)
            status = canvas_select_at(canvas->engine, at, NULL, NULL);
        else
            status = LCANVAS_CALL(L, canvas, self, canvas_pinch(canvas->engine, g->kind, g->scale, g->touches, at));
        lcanvas_check_status(L, canvas, status);
    }
}
