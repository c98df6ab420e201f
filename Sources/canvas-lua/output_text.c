/*
** output_text.c: a table for people, one item a line.
*/
#include <math.h>

#include <lauxlib.h>

#include "output.h"

static void write_cell(FILE *out, double value) {
    char text[32];
    value = round(value * 100) / 100;  /* two decimals is plenty for reading */
    if (value == (long long)value) snprintf(text, sizeof text, "%lld", (long long)value);
    else snprintf(text, sizeof text, "%.2f", value);
    fprintf(out, " %10s", text);
}

void output_text(lua_State *L, int result, FILE *out) {
    result = lua_absindex(L, result);
    lua_getfield(L, result, "content_size");
    fprintf(out, "content size    %g x %g\n", output_field(L, -1, "width"), output_field(L, -1, "height"));
    lua_getfield(L, result, "content_bounds");
    fprintf(out, "content bounds  x %g  y %g  width %g  height %g\n",
            output_field(L, -1, "x"), output_field(L, -1, "y"),
            output_field(L, -1, "width"), output_field(L, -1, "height"));
    lua_pop(L, 2);
    if (lua_getfield(L, result, "viewport") == LUA_TTABLE)
        fprintf(out, "viewport        x %g  y %g  width %g  height %g\n",
                output_field(L, -1, "x"), output_field(L, -1, "y"),
                output_field(L, -1, "width"), output_field(L, -1, "height"));
    lua_pop(L, 1);
    if (lua_getfield(L, result, "zoom") == LUA_TTABLE) {
        lua_getfield(L, -1, "axis");
        fprintf(out, "zoom            %g (%s)\n", output_field(L, -2, "scale"), lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    fprintf(out, "\n%-16s %10s %10s %10s %10s\n", "id", "x", "y", "width", "height");
    lua_getfield(L, result, "items");
    lua_Integer count = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, -1, i);
        lua_getfield(L, -1, "id");
        fprintf(out, "%-16s", luaL_tolstring(L, -1, NULL));
        lua_pop(L, 2);
        static const char *const keys[] = {"x", "y", "width", "height"};
        for (int k = 0; k < 4; k++) write_cell(out, output_field(L, -1, keys[k]));
        fputc('\n', out);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    fprintf(out, "%lld items\n", (long long)count);
    if (lua_getfield(L, result, "visible") == LUA_TTABLE)
        fprintf(out, "visible         %lld of %lld items\n", (long long)luaL_len(L, -1), (long long)count);
    lua_pop(L, 1);
    if (lua_getfield(L, result, "selection") == LUA_TTABLE) {
        lua_Integer selected = luaL_len(L, -1);
        fputs("selection      ", out);
        for (lua_Integer i = 1; i <= selected; i++) {
            lua_geti(L, -1, i);
            fprintf(out, " %s", luaL_tolstring(L, -1, NULL));
            lua_pop(L, 2);
        }
        fputs(selected ? "\n" : " none\n", out);
    }
    lua_pop(L, 1);
}
