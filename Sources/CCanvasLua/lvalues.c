/*
** lvalues.c: checked reads of numbers, sizes and points from Lua tables.
** Every failure names where the value came from ("items[3].width"), so a
** script author can find it without a debugger.
*/
#include <math.h>
#include <string.h>

#include "lcanvas_internal.h"

/* What came, for a message's "got ...": the type, and for a number, a
   string or a boolean the value too ("number 2.5", "string \"yes\"").
   Pushes the text; meant for luaL_error, which unwinds the stack anyway. */
const char *lcanvas_got(lua_State *L, int index) {
    index = lua_absindex(L, index);
    switch (lua_type(L, index)) {
    case LUA_TNUMBER:
    case LUA_TBOOLEAN:
        return lua_pushfstring(L, "%s %s", luaL_typename(L, index), luaL_tolstring(L, index, NULL));
    case LUA_TSTRING: {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        return lua_pushfstring(L, "string \"%s%s\"", lua_pushlstring(L, text, length > 40 ? 40 : length),
                               length > 40 ? "..." : "");
    }
    default:
        return luaL_typename(L, index);
    }
}

/* Checks that the value at index is a finite number; `where` and `key` name it. */
lua_Number lcanvas_check_finite(lua_State *L, int index, const char *where, const char *key) {
    const char *dot = key[0] ? "." : "";
    if (lua_type(L, index) != LUA_TNUMBER)
        luaL_error(L, "%s%s%s: expected a number, got %s", where, dot, key, lcanvas_got(L, index));
    lua_Number value = lua_tonumber(L, index);
    if (!isfinite(value))
        luaL_error(L, "%s%s%s: expected a finite number, got %s", where, dot, key,
                   isnan(value) ? "nan" : value > 0 ? "inf" : "-inf");
    return value;
}

/* t[key] as a finite number, or fallback when the field is nil. */
lua_Number lcanvas_number_field(lua_State *L, int table, const char *key, lua_Number fallback, const char *where) {
    table = lua_absindex(L, table);
    lua_getfield(L, table, key);
    lua_Number value = lua_isnil(L, -1) ? fallback : lcanvas_check_finite(L, -1, where, key);
    lua_pop(L, 1);
    return value;
}

/*
** Reads a size written as {w, h} or {width = w, height = h}. Returns 0 when
** the value is not a table, so callers can try other forms.
*/
int lcanvas_size_pair(lua_State *L, int index, const char *where, canvas_size *out) {
    index = lua_absindex(L, index);
    if (!lua_istable(L, index)) return 0;
    static const char *const keys[2] = {"width", "height"};
    double sides[2];
    for (int i = 0; i < 2; i++) {
        lua_getfield(L, index, keys[i]);
        if (lua_isnil(L, -1)) {
            lua_pop(L, 1);
            lua_geti(L, index, i + 1);
        }
        if (lua_isnil(L, -1))
            luaL_error(L, "%s: expected {width, height} or {width = w, height = h}, missing %s", where, keys[i]);
        sides[i] = lcanvas_check_finite(L, -1, where, keys[i]);
        if (sides[i] < 0)
            luaL_error(L, "%s.%s: expected a non-negative number, got %f", where, keys[i], sides[i]);
        lua_pop(L, 1);
    }
    out->width = sides[0];
    out->height = sides[1];
    return 1;
}

/* The nine named unit points, in one order for names and points alike;
   NULL-terminated so luaL_checkoption can take the names directly. */
const char *const lcanvas_anchor_names[] = {
    "top_leading", "top", "top_trailing", "leading", "center", "trailing",
    "bottom_leading", "bottom", "bottom_trailing", NULL,
};
static const canvas_point anchor_points[] = {
    {0, 0}, {0.5, 0}, {1, 0}, {0, 0.5}, {0.5, 0.5}, {1, 0.5}, {0, 1}, {0.5, 1}, {1, 1},
};

/* A unit point: one of the nine names, or {x = , y = } with both in 0..1. */
canvas_point lcanvas_unit_point(lua_State *L, int index, const char *where) {
    index = lua_absindex(L, index);
    if (lua_type(L, index) == LUA_TSTRING) {
        const char *name = lua_tostring(L, index);
        for (size_t i = 0; lcanvas_anchor_names[i]; i++)
            if (strcmp(name, lcanvas_anchor_names[i]) == 0) return anchor_points[i];
        luaL_error(L, "%s: unknown anchor '%s' (expected top_leading, top, top_trailing, leading, "
                      "center, trailing, bottom_leading, bottom, bottom_trailing or {x=, y=})", where, name);
    }
    if (!lua_istable(L, index))
        luaL_error(L, "%s: expected an anchor name or {x=, y=}, got %s", where, lcanvas_got(L, index));
    canvas_point point = {
        lcanvas_number_field(L, index, "x", NAN, where),
        lcanvas_number_field(L, index, "y", NAN, where),
    };
    if (isnan(point.x) || isnan(point.y))
        luaL_error(L, "%s: expected {x=, y=} with both fields", where);
    if (point.x < 0 || point.x > 1 || point.y < 0 || point.y > 1)
        luaL_error(L, "%s: x and y must lie in 0..1, got (%f, %f)", where, point.x, point.y);
    return point;
}

void lcanvas_push_rect(lua_State *L, canvas_rect rect) {
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, rect.x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, rect.y);
    lua_setfield(L, -2, "y");
    lua_pushnumber(L, rect.width);
    lua_setfield(L, -2, "width");
    lua_pushnumber(L, rect.height);
    lua_setfield(L, -2, "height");
}

void lcanvas_push_size(lua_State *L, canvas_size size) {
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, size.width);
    lua_setfield(L, -2, "width");
    lua_pushnumber(L, size.height);
    lua_setfield(L, -2, "height");
}

void lcanvas_push_point(lua_State *L, canvas_point point) {
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, point.x);
    lua_setfield(L, -2, "x");
    lua_pushnumber(L, point.y);
    lua_setfield(L, -2, "y");
}

/* t.key as a finite number; missing is an error naming it. */
static lua_Number required_field(lua_State *L, int table, const char *key, const char *where) {
    if (lua_getfield(L, table, key) == LUA_TNIL)
        luaL_error(L, "%s: missing field '%s'", where, key);
    lua_Number value = lcanvas_check_finite(L, -1, where, key);
    lua_pop(L, 1);
    return value;
}

/* A point {x=, y=}, both required. */
canvas_point lcanvas_point_table(lua_State *L, int index, const char *where) {
    index = lua_absindex(L, index);
    if (!lua_istable(L, index))
        luaL_error(L, "%s: expected a point {x=, y=}, got %s", where, lcanvas_got(L, index));
    return (canvas_point){required_field(L, index, "x", where), required_field(L, index, "y", where)};
}

/* A rectangle {x=, y=, width=, height=}, all required, sides non-negative. */
canvas_rect lcanvas_rect_table(lua_State *L, int index, const char *where) {
    index = lua_absindex(L, index);
    if (!lua_istable(L, index))
        luaL_error(L, "%s: expected a rectangle {x=, y=, width=, height=}, got %s", where, lcanvas_got(L, index));
    canvas_rect rect = {
        required_field(L, index, "x", where), required_field(L, index, "y", where),
        required_field(L, index, "width", where), required_field(L, index, "height", where),
    };
    if (rect.width < 0 || rect.height < 0)
        luaL_error(L, "%s: negative size (width %f, height %f)", where, rect.width, rect.height);
    return rect;
}
