/*
** output_text.c: a table for people, one item a line (then one link a
** line, when there are links: its ends, style and route's points).
*/
#include <math.h>

#include "lluaheaders.h"

#include "output.h"

/* Two decimals is plenty for reading; a number too large for them to
   matter (or to fit a long long) is printed whole, as JSON would. The
   header lines and the item table round alike. */
static const char *number(double value, char text[OUTPUT_NUMBER_SIZE]) {
    double rounded = fabs(value) < 1e15 ? round(value * 100) / 100 : value;
    if (rounded != floor(rounded))
        snprintf(text, OUTPUT_NUMBER_SIZE, "%.2f", rounded);
    else
        output_format_number(rounded, text);
    return text;
}

static void write_cell(FILE *out, double value) {
    char text[OUTPUT_NUMBER_SIZE];
    fprintf(out, " %10s", number(value, text));
}

void output_text(lua_State *L, int result, FILE *out) {
    result = lua_absindex(L, result);
    char a[OUTPUT_NUMBER_SIZE], b[OUTPUT_NUMBER_SIZE], c[OUTPUT_NUMBER_SIZE], d[OUTPUT_NUMBER_SIZE];
    lua_getfield(L, result, "content_size");
    fprintf(out, "content size    %s x %s\n", number(output_field(L, -1, "width"), a),
            number(output_field(L, -1, "height"), b));
    lua_getfield(L, result, "content_bounds");
    fprintf(out, "content bounds  x %s  y %s  width %s  height %s\n",
            number(output_field(L, -1, "x"), a), number(output_field(L, -1, "y"), b),
            number(output_field(L, -1, "width"), c), number(output_field(L, -1, "height"), d));
    lua_pop(L, 2);
    if (lua_getfield(L, result, "viewport") == LUA_TTABLE)
        fprintf(out, "viewport        x %s  y %s  width %s  height %s\n",
                number(output_field(L, -1, "x"), a), number(output_field(L, -1, "y"), b),
                number(output_field(L, -1, "width"), c), number(output_field(L, -1, "height"), d));
    lua_pop(L, 1);
    if (lua_getfield(L, result, "zoom") == LUA_TTABLE) {
        lua_getfield(L, -1, "axis");
        fprintf(out, "zoom            %s (%s)\n", number(output_field(L, -2, "scale"), a), lua_tostring(L, -1));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    fprintf(out, "\n%-16s %10s %10s %10s %10s\n", "id", "x", "y", "width", "height");
    lua_getfield(L, result, "items");
    lua_Integer count = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, -1, i);
        lua_getfield(L, -1, "id");
        size_t length;
        const char *id = luaL_tolstring(L, -1, &length);
        for (size_t written = output_write_utf8(out, id, length); written < 16; written++) fputc(' ', out);
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
    if (lua_getfield(L, result, "links") == LUA_TTABLE) {
        int links = lua_gettop(L);
        lua_Integer link_count = luaL_len(L, links);
        fprintf(out, "\n%-10s %-16s %-16s %-8s %s\n", "link", "from", "to", "style", "points");
        for (lua_Integer i = 1; i <= link_count; i++) {
            lua_geti(L, links, i);
            int link = lua_gettop(L);
            static const char *const fields[] = {"id", "from", "to", "style"};
            static const int widths[] = {10, 16, 16, 8};
            for (int f = 0; f < 4; f++) {
                lua_getfield(L, link, fields[f]);
                size_t length;
                const char *text = luaL_tolstring(L, -1, &length);
                for (size_t written = output_write_utf8(out, text, length); written < (size_t)widths[f] + 1; written++)
                    fputc(' ', out);
                lua_settop(L, link);
            }
            if (lua_getfield(L, link, "points") == LUA_TTABLE) {
                lua_Integer points = luaL_len(L, -1);
                for (lua_Integer p = 1; p <= points; p++) {
                    lua_geti(L, -1, p);
                    lua_geti(L, -1, 1);
                    lua_geti(L, -2, 2);
                    fprintf(out, "%s(%s, %s)", p > 1 ? " " : "", number(lua_tonumber(L, -2), a), number(lua_tonumber(L, -1), b));
                    lua_pop(L, 3);
                }
            }
            fputc('\n', out);
            lua_settop(L, link - 1);
        }
        fprintf(out, "%lld links\n", (long long)link_count);
        if (lua_getfield(L, result, "visible_links") == LUA_TTABLE)
            fprintf(out, "visible         %lld of %lld links\n", (long long)luaL_len(L, -1), (long long)link_count);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, result, "selection") == LUA_TTABLE) {
        lua_Integer selected = luaL_len(L, -1);
        fputs("selection      ", out);
        for (lua_Integer i = 1; i <= selected; i++) {
            lua_geti(L, -1, i);
            size_t length;
            const char *id = luaL_tolstring(L, -1, &length);
            fputc(' ', out);
            output_write_utf8(out, id, length);
            lua_pop(L, 2);
        }
        fputs(selected ? "\n" : " none\n", out);
    }
    lua_pop(L, 1);
}
