/*
** output_json.c: the JSON document, a contract other tools read:
**
**   {"content_size": {"width":…, "height":…},
**    "content_bounds": {"x":…, "y":…, "width":…, "height":…},
**    "items": [{"id":…, "x":…, "y":…, "width":…, "height":…}, …]}
**
** with, when the description has a viewport, "viewport": {"x":…, "y":…,
** "width":…, "height":…} before the items and "visible": [ids…] after them;
** and when it has zoom or gestures, "zoom": {"scale":…, "axis":…} before
** the items and "selection": [ids…] after them; with motion (a motion
** table, motion gestures or trace = true) "motion": {"phase":…,
** "velocity": {"x":…, "y":…}, "moving": bool}, "indicators":
** {"horizontal": {"track":…, "thumb":…, "opacity":…} or null, "vertical":
** …} and, with trace = true, "trace": [{"t":…, "x":…, "y":…, "zoom":…,
** "phase":…}, …]; then, while a drag is in progress, "guides": [{"x1":…,
** "y1":…, "x2":…, "y2":…, "kind":…}, …] and, when an item is focused,
** "focus": id, last (tests/lua/check_json.py checks the order). With lod
** = {min_size=, cell=}, "visible" holds the items shown one by one and
** "clusters": [{"x":…, "y":…, "width":…, "height":…, "count":…, "id":…, "selected":…}, …]
** (row-major, see canvas_query_lod) follows it. With links, "links":
** [{"id":…, "from":…, "to":…, "style":…, "points": [[x, y], …]}, …] follows
** the items (a curve's points are its four Bézier control points), and
** with a viewport "visible_links": [ids…] follows "visible"; with lod too,
** "cluster_links": [{"from":…, "to":…, "count":…, "from_kind":…,
** "to_kind":…}, …] (the links with an end in a cluster, one per pair of
** drawn ends; kinds "cluster" or "item") follows "clusters"; with links and
** zoom or gestures, "selected_links": [ids…] follows "selection".
**
** Items in data order; numbers as JSON numbers, in the shortest form that
** reads back to the same double; string ids as JSON strings.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lluaheaders.h"

#include "output.h"

const char *output_format_number(double value, char text[OUTPUT_NUMBER_SIZE]) {
    if (value == 0) value = 0;       /* no "-0" */
    if (value == floor(value) && fabs(value) < 1e15) {
        snprintf(text, OUTPUT_NUMBER_SIZE, "%.0f", value);
        return text;
    }
    /* At most 17 significant digits, a sign, a point and an exponent: 24 characters. */
    for (int precision = 15; precision <= 17; precision++) {
        snprintf(text, OUTPUT_NUMBER_SIZE, "%.*g", precision, value);
        if (strtod(text, NULL) == value) break;
    }
    return text;
}

void output_number(FILE *out, double value) {
    /* JSON has no NaN or infinity, and null is not a number: the engine
       refuses results that leave the finite range, and check_finite below
       refuses any that reach here before a byte is written. */
    char text[OUTPUT_NUMBER_SIZE];
    fputs(output_format_number(value, text), out);
}

double output_field(lua_State *L, int table, const char *key) {
    lua_getfield(L, table, key);
    double value = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return value;
}

/* A JSON string: quotes, backslashes and control characters escaped, and
   bytes that are not UTF-8 written as U+FFFD (output_utf8.c). */
static void write_string(FILE *out, const char *text, size_t length) {
    fputc('"', out);
    for (size_t i = 0; i < length;) {
        unsigned char c = (unsigned char)text[i];
        size_t n = 1;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c == '\n') fputs("\\n", out);
        else if (c == '\t') fputs("\\t", out);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else if (c < 0x80) fputc(c, out);
        else if ((n = output_utf8_sequence((const unsigned char *)text + i, length - i)) == 0) {
            fputs(OUTPUT_REPLACEMENT, out);
            n = 1;
        } else {
            fwrite(text + i, 1, n, out);
        }
        i += n;
    }
    fputc('"', out);
}

static void write_fields(lua_State *L, FILE *out, int table, const char *const *keys) {
    for (int i = 0; keys[i]; i++) {
        fprintf(out, "%s\"%s\": ", i ? ", " : "", keys[i]);
        output_number(out, output_field(L, table, keys[i]));
    }
}

static const char *const size_keys[] = {"width", "height", NULL};
static const char *const rect_keys[] = {"x", "y", "width", "height", NULL};

/* Writes {"key": {...}} for a nested size or rect table, when present. */
static int write_object(lua_State *L, FILE *out, int result, const char *key, const char *const *keys, int first) {
    if (lua_getfield(L, result, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return first;
    }
    fprintf(out, "%s\n  \"%s\": {", first ? "" : ",", key);
    write_fields(L, out, lua_gettop(L), keys);
    fputc('}', out);
    lua_pop(L, 1);
    return 0;
}

static void write_id(lua_State *L, FILE *out, int index) {
    if (lua_type(L, index) == LUA_TSTRING) {
        size_t length;
        const char *text = lua_tolstring(L, index, &length);
        write_string(out, text, length);
    } else if (lua_isinteger(L, index)) {
        fprintf(out, LUA_INTEGER_FMT, lua_tointeger(L, index));
    } else {
        output_number(out, lua_tonumber(L, index));
    }
}

/* Writes "key": [ids…] for an array of ids, when present. */
static void write_id_list(lua_State *L, FILE *out, int result, const char *key) {
    if (lua_getfield(L, result, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int list = lua_gettop(L);
    fprintf(out, ",\n  \"%s\": [", key);
    lua_Integer count = luaL_len(L, list);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, list, i);
        if (i > 1) fputs(", ", out);
        write_id(L, out, -1);
        lua_pop(L, 1);
    }
    fputc(']', out);
    lua_pop(L, 1);
}

/* Raises an error naming the first number of a table's keys that is not
   finite; `where` names the table. */
static void check_fields(lua_State *L, int table, const char *const *keys, const char *where, lua_Integer index) {
    for (int i = 0; keys[i]; i++) {
        double value = output_field(L, table, keys[i]);
        if (!isfinite(value)) {
            if (index) luaL_error(L, "the result's %s[%I].%s is not finite (%f)", where, index, keys[i], value);
            luaL_error(L, "the result's %s.%s is not finite (%f)", where, keys[i], value);
        }
    }
}

/* check_fields on every table in the array result[key], when there is one. */
static void check_list_fields(lua_State *L, int result, const char *key, const char *const *keys) {
    if (lua_getfield(L, result, key) == LUA_TTABLE) {
        int list = lua_gettop(L);
        lua_Integer count = luaL_len(L, list);
        for (lua_Integer i = 1; i <= count; i++) {
            lua_geti(L, list, i);
            if (lua_istable(L, -1)) check_fields(L, lua_gettop(L), keys, key, i);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

void output_check_finite(lua_State *L, int result) {
    static const char *const scale_key[] = {"scale", NULL};
    static const struct { const char *key; const char *const *keys; } parts[] = {
        {"content_size", size_keys}, {"content_bounds", rect_keys}, {"viewport", rect_keys}, {"zoom", scale_key},
    };
    result = lua_absindex(L, result);
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++) {
        if (lua_getfield(L, result, parts[p].key) == LUA_TTABLE)
            check_fields(L, lua_gettop(L), parts[p].keys, parts[p].key, 0);
        lua_pop(L, 1);
    }
    if (lua_getfield(L, result, "motion") == LUA_TTABLE) {
        int motion = lua_gettop(L);
        static const char *const point_keys_[] = {"x", "y", NULL};
        static const char *const motion_parts[] = {"velocity", "projected_end", NULL};
        for (int i = 0; motion_parts[i]; i++) {
            if (lua_getfield(L, motion, motion_parts[i]) == LUA_TTABLE)
                check_fields(L, lua_gettop(L), point_keys_, motion_parts[i], 0);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    static const char *const tick_keys[] = {"t", "x", "y", "zoom", NULL};
    static const char *const guide_ends[] = {"x1", "y1", "x2", "y2", NULL};
    check_list_fields(L, result, "trace", tick_keys);
    check_list_fields(L, result, "clusters", rect_keys);
    check_list_fields(L, result, "guides", guide_ends);
    check_list_fields(L, result, "items", rect_keys);
    if (lua_getfield(L, result, "links") == LUA_TTABLE) {
        int links = lua_gettop(L);
        lua_Integer count = luaL_len(L, links);
        for (lua_Integer i = 1; i <= count; i++) {
            lua_geti(L, links, i);
            if (lua_istable(L, -1) && lua_getfield(L, -1, "points") == LUA_TTABLE) {
                lua_Integer points = luaL_len(L, -1);
                for (lua_Integer p = 1; p <= points; p++) {
                    lua_geti(L, -1, p);
                    for (int k = 1; k <= 2; k++) {
                        lua_geti(L, -1, k);
                        double value = lua_tonumber(L, -1);
                        if (!isfinite(value))
                            luaL_error(L, "the result's links[%I].points[%I][%d] is not finite (%f)", i, p, k, value);
                        lua_pop(L, 1);
                    }
                    lua_pop(L, 1);
                }
            }
            lua_settop(L, links);
        }
    }
    lua_pop(L, 1);
}

/* "guides": [{"x1":…, "y1":…, "x2":…, "y2":…, "kind":…}], while a drag is in progress. */
static void write_guides(lua_State *L, FILE *out, int result) {
    static const char *const ends[] = {"x1", "y1", "x2", "y2"};
    if (lua_getfield(L, result, "guides") != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int list = lua_gettop(L);
    fputs(",\n  \"guides\": [", out);
    lua_Integer count = luaL_len(L, list);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, list, i);
        fputs(i > 1 ? ", {" : "{", out);
        for (int k = 0; k < 4; k++) {
            fprintf(out, "%s\"%s\": ", k ? ", " : "", ends[k]);
            output_number(out, output_field(L, -1, ends[k]));
        }
        lua_getfield(L, -1, "kind");
        fputs(", \"kind\": ", out);
        write_string(out, lua_tostring(L, -1) ? lua_tostring(L, -1) : "", lua_rawlen(L, -1));
        fputc('}', out);
        lua_pop(L, 2);
    }
    fputc(']', out);
    lua_pop(L, 1);
}

static const char *const point_keys[] = {"x", "y", NULL};

/* {"x":…, "y":…} of the point at key in the table at index (zeros when absent). */
static void write_point(lua_State *L, FILE *out, int table, const char *key) {
    lua_getfield(L, table, key);
    fputc('{', out);
    if (lua_istable(L, -1)) write_fields(L, out, lua_gettop(L), point_keys);
    else fputs("\"x\": 0, \"y\": 0", out);
    fputc('}', out);
    lua_pop(L, 1);
}

static void write_rect(lua_State *L, FILE *out, int table, const char *key) {
    lua_getfield(L, table, key);
    fputc('{', out);
    if (lua_istable(L, -1)) write_fields(L, out, lua_gettop(L), rect_keys);
    fputc('}', out);
    lua_pop(L, 1);
}

static void write_string_field(lua_State *L, FILE *out, int table, const char *key) {
    lua_getfield(L, table, key);
    size_t length = 0;
    const char *text = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &length) : "";
    write_string(out, text, length);
    lua_pop(L, 1);
}

/* "motion", "indicators" and "trace", when the result has them. */
static void write_motion(lua_State *L, FILE *out, int result) {
    if (lua_getfield(L, result, "motion") == LUA_TTABLE) {
        int motion = lua_gettop(L);
        fputs(",\n  \"motion\": {\"phase\": ", out);
        write_string_field(L, out, motion, "phase");
        fputs(", \"velocity\": ", out);
        write_point(L, out, motion, "velocity");
        lua_getfield(L, motion, "moving");
        fprintf(out, ", \"moving\": %s", lua_toboolean(L, -1) ? "true" : "false");
        lua_pop(L, 1);
        if (lua_getfield(L, motion, "projected_end") == LUA_TTABLE) {
            fputs(", \"projected_end\": ", out);
            write_point(L, out, motion, "projected_end");
        }
        lua_pop(L, 1);
        fputc('}', out);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, result, "indicators") == LUA_TTABLE) {
        int indicators = lua_gettop(L);
        static const char *const axes[] = {"horizontal", "vertical"};
        fputs(",\n  \"indicators\": {", out);
        for (int i = 0; i < 2; i++) {
            fprintf(out, "%s\"%s\": ", i ? ", " : "", axes[i]);
            if (lua_getfield(L, indicators, axes[i]) == LUA_TTABLE) {
                int indicator = lua_gettop(L);
                fputs("{\"track\": ", out);
                write_rect(L, out, indicator, "track");
                fputs(", \"thumb\": ", out);
                write_rect(L, out, indicator, "thumb");
                fputs(", \"opacity\": ", out);
                output_number(out, output_field(L, indicator, "opacity"));
                fputc('}', out);
            } else {
                fputs("null", out);
            }
            lua_pop(L, 1);
        }
        fputc('}', out);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, result, "trace") == LUA_TTABLE) {
        int trace = lua_gettop(L);
        static const char *const tick_keys[] = {"t", "x", "y", "zoom", NULL};
        lua_Integer ticks = luaL_len(L, trace);
        fputs(",\n  \"trace\": [", out);
        for (lua_Integer i = 1; i <= ticks; i++) {
            lua_geti(L, trace, i);
            fprintf(out, "%s\n    {", i > 1 ? "," : "");
            write_fields(L, out, lua_gettop(L), tick_keys);
            fputs(", \"phase\": ", out);
            write_string_field(L, out, lua_gettop(L), "phase");
            fputc('}', out);
            lua_pop(L, 1);
        }
        fputs(ticks ? "\n  ]" : "]", out);
    }
    lua_pop(L, 1);
}

/* Opens the list result[key] as `,\n  "key": [` and leaves it on the stack,
** answering its index and length; answers 0 (stack unchanged, nothing written)
** when the result has no such list. close_list ends it and pops it. */
static int open_list(lua_State *L, FILE *out, int result, const char *key, lua_Integer *count) {
    if (lua_getfield(L, result, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    *count = luaL_len(L, -1);
    fprintf(out, ",\n  \"%s\": [", key);
    return lua_gettop(L);
}

static void close_list(lua_State *L, FILE *out, lua_Integer count) {
    fputs(count ? "\n  ]" : "]", out);
    lua_pop(L, 1);
}

/* Writes `"from": id, "to": id` from a link or a cluster link. */
static void write_from_to(lua_State *L, FILE *out, int table) {
    fputs("\"from\": ", out);
    lua_getfield(L, table, "from");
    write_id(L, out, -1);
    fputs(", \"to\": ", out);
    lua_getfield(L, table, "to");
    write_id(L, out, -1);
    lua_pop(L, 2);
}

/* Writes "links": [{"id":…, "from":…, "to":…, "style":…, "points": [[x, y], …]}, …] when the result has them. */
static void write_links(lua_State *L, FILE *out, int result) {
    lua_Integer count;
    int list = open_list(L, out, result, "links", &count);
    if (!list) return;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, list, i);
        int link = lua_gettop(L);
        fprintf(out, "%s\n    {\"id\": ", i > 1 ? "," : "");
        lua_getfield(L, link, "id");
        write_id(L, out, -1);
        lua_pop(L, 1);
        fputs(", ", out);
        write_from_to(L, out, link);
        fputs(", \"style\": ", out);
        write_string_field(L, out, link, "style");
        fputs(", \"points\": [", out);
        if (lua_getfield(L, link, "points") == LUA_TTABLE) {
            lua_Integer points = luaL_len(L, -1);
            for (lua_Integer p = 1; p <= points; p++) {
                lua_geti(L, -1, p);
                fputs(p > 1 ? ", [" : "[", out);
                lua_geti(L, -1, 1);
                output_number(out, lua_tonumber(L, -1));
                fputs(", ", out);
                lua_geti(L, -2, 2);
                output_number(out, lua_tonumber(L, -1));
                fputc(']', out);
                lua_pop(L, 3);
            }
        }
        fputs("]}", out);
        lua_pop(L, 2);
    }
    close_list(L, out, count);
}

/* Writes "clusters": [...] when the result has them. */
static void write_clusters(lua_State *L, FILE *out, int result) {
    lua_Integer count;
    int list = open_list(L, out, result, "clusters", &count);
    if (!list) return;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, list, i);
        int cluster = lua_gettop(L);
        fprintf(out, "%s\n    {", i > 1 ? "," : "");
        write_fields(L, out, cluster, rect_keys);
        lua_getfield(L, cluster, "count");
        fprintf(out, ", \"count\": " LUA_INTEGER_FMT ", \"id\": ", lua_tointeger(L, -1));
        lua_pop(L, 1);
        lua_getfield(L, cluster, "id");
        write_id(L, out, -1);
        lua_pop(L, 1);
        lua_getfield(L, cluster, "selected");
        fprintf(out, ", \"selected\": " LUA_INTEGER_FMT "}", lua_tointeger(L, -1));
        lua_pop(L, 2);
    }
    close_list(L, out, count);
}

/* Writes "cluster_links": [{"from":…, "to":…, "count":…, "from_kind":…, "to_kind":…}, …] when the result has them. */
static void write_cluster_links(lua_State *L, FILE *out, int result) {
    lua_Integer count;
    int list = open_list(L, out, result, "cluster_links", &count);
    if (!list) return;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, list, i);
        int pair = lua_gettop(L);
        fprintf(out, "%s\n    {", i > 1 ? "," : "");
        write_from_to(L, out, pair);
        lua_getfield(L, pair, "count");
        fprintf(out, ", \"count\": " LUA_INTEGER_FMT ", \"from_kind\": ", lua_tointeger(L, -1));
        lua_pop(L, 1);
        write_string_field(L, out, pair, "from_kind");
        fputs(", \"to_kind\": ", out);
        write_string_field(L, out, pair, "to_kind");
        fputc('}', out);
        lua_pop(L, 1);
    }
    close_list(L, out, count);
}

void output_json(lua_State *L, int result, FILE *out) {
    result = lua_absindex(L, result);
    fputc('{', out);
    int first = 1;
    first = write_object(L, out, result, "content_size", size_keys, first);
    first = write_object(L, out, result, "content_bounds", rect_keys, first);
    first = write_object(L, out, result, "viewport", rect_keys, first);
    if (lua_getfield(L, result, "zoom") == LUA_TTABLE) {
        fprintf(out, "%s\n  \"zoom\": {\"scale\": ", first ? "" : ",");
        output_number(out, output_field(L, -1, "scale"));
        lua_getfield(L, -1, "axis");
        fputs(", \"axis\": ", out);
        write_string(out, lua_tostring(L, -1) ? lua_tostring(L, -1) : "", lua_rawlen(L, -1));
        lua_pop(L, 1);
        fputc('}', out);
        first = 0;
    }
    lua_pop(L, 1);

    lua_getfield(L, result, "items");
    int items = lua_gettop(L);
    lua_Integer count = lua_istable(L, items) ? luaL_len(L, items) : 0;
    fprintf(out, "%s\n  \"items\": [", first ? "" : ",");
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, items, i);
        int item = lua_gettop(L);
        fprintf(out, "%s\n    {\"id\": ", i > 1 ? "," : "");
        lua_getfield(L, item, "id");
        write_id(L, out, -1);
        lua_pop(L, 1);
        fputs(", ", out);
        write_fields(L, out, item, rect_keys);
        fputc('}', out);
        lua_pop(L, 1);
    }
    fputs(count ? "\n  ]" : "]", out);
    lua_pop(L, 1);
    write_links(L, out, result);
    write_id_list(L, out, result, "visible");
    write_id_list(L, out, result, "visible_links");
    write_clusters(L, out, result);
    write_cluster_links(L, out, result);
    write_id_list(L, out, result, "selection");
    write_id_list(L, out, result, "selected_links");
    write_motion(L, out, result);
    write_guides(L, out, result);
    if (lua_getfield(L, result, "focus") != LUA_TNIL) {
        fputs(",\n  \"focus\": ", out);
        write_id(L, out, -1);
    }
    lua_pop(L, 1);
    fputs("\n}\n", out);
}
