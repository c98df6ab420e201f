/*
** output_svg.c: the resolved canvas as a picture, for people (--svg FILE).
**
** A title line (the script, item count, content size, zoom, viewport) and
** a legend above the content drawn at 1 SVG unit per point: the backdrop as
** a <pattern> of one tile, the content bounds dashed, every item a labeled
** rectangle (culled ones dimmed, selected ones outlined in orange), the
** viewport outlined in red and its overscan band (where items still count
** as visible) dashed around it. Labels are shrunk, then elided, to fit their
** boxes; the viewport's label sits above the content, clear of the items.
** Every item is exactly one <rect class="item">, so tools can count them.
** With lod, each cluster is a shaded <rect class="cluster"> over its bounds
** with its count, and the clustered items show as culled (they are not
** among those shown one by one). Links are drawn under the items, each one
** <path class="link"> through its route (a cubic Bézier for a curve) with
** an arrowhead at its target, dimmed when outside visible_links, orange and
** thicker when selected; with lod,
** each aggregated link is a <line class="cluster-link"> between its ends'
** centres, thicker with its count.
*/
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lluaheaders.h"

#include "output.h"

#define MARGIN 24.0
#define HEADER 78.0             /* title, details and legend above the content */
#define LINE 20.0               /* the details line, when there is one */
#define MIN_WIDTH 600.0         /* room for the title and legend */
#define GLYPH 0.6               /* a label character's width, in font sizes (Helvetica's digits: 0.56) */
#define MIN_FONT 6.0            /* below this a label is elided instead of shrunk */
#define DEFAULT_OVERSCAN 128.0  /* canvas_set_overscan's documented default */

#define COLOR_PAGE      "#ffffff"
#define COLOR_CONTENT   "#f6f8fb"
#define COLOR_EDGE      "#c9d1dc"
#define COLOR_BOUNDS    "#7b8794"
#define COLOR_BACKDROP  "#b8c2cf"
#define COLOR_ITEM      "#dbe9ff"
#define COLOR_ITEM_EDGE "#2f6fd6"
#define COLOR_LABEL     "#12325e"
#define COLOR_CULLED    "#e6e8eb"
#define COLOR_CULLED_EDGE "#9aa3ad"
#define COLOR_SELECTED  "#e8590c"
#define COLOR_VIEWPORT  "#d62f2f"
#define COLOR_TEXT      "#1f2933"
#define COLOR_MUTED     "#52606d"
#define COLOR_MARQUEE   "#2f6fd6"
#define COLOR_GUIDE     "#d6336c"   /* edge and center guides */
#define COLOR_GUIDE_GAP "#0c8599"
#define COLOR_GUIDE_GRID "#868e96"
#define COLOR_CLUSTER   "#7048e8"
#define COLOR_LINK      "#51606f"

/* Writes text with the five XML special characters escaped. What XML 1.0
   cannot hold (control characters but tab, newline and return; U+FFFE and
   U+FFFF) and bytes that are not UTF-8 (output_utf8.c) become U+FFFD. */
static void write_escaped(FILE *out, const char *text, size_t length) {
    for (size_t i = 0; i < length;) {
        unsigned char c = (unsigned char)text[i];
        size_t n = output_utf8_sequence((const unsigned char *)text + i, length - i);
        switch (c) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        default:
            if (n == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') ||
                (n == 3 && c == 0xEF && (unsigned char)text[i + 1] == 0xBF && (unsigned char)text[i + 2] >= 0xBE))
                fputs(OUTPUT_REPLACEMENT, out);
            else
                fwrite(text + i, 1, n, out);
        }
        i += n ? n : 1;
    }
}

static void write_escaped_string(FILE *out, const char *text) {
    write_escaped(out, text, strlen(text));
}

/* Writes name="number" with a leading space. */
static void attribute(FILE *out, const char *name, double value) {
    fprintf(out, " %s=\"", name);
    output_number(out, value);
    fputc('"', out);
}

static void write_rect_attributes(FILE *out, double x, double y, double width, double height) {
    attribute(out, "x", x);
    attribute(out, "y", y);
    attribute(out, "width", width);
    attribute(out, "height", height);
}

/* Pushes a set of the ids in result[key] (id -> true), or nil when absent. */
static void push_id_set(lua_State *L, int result, const char *key) {
    if (lua_getfield(L, result, key) != LUA_TTABLE) return;  /* leaves nil */
    int list = lua_gettop(L);
    lua_newtable(L);
    lua_Integer count = luaL_len(L, list);
    for (lua_Integer i = 1; i <= count; i++) {
        if (lua_geti(L, list, i) == LUA_TNIL) {
            lua_pop(L, 1);
            continue;
        }
        lua_pushboolean(L, 1);
        lua_rawset(L, -3);
    }
    lua_remove(L, list);
}

static int in_set(lua_State *L, int set, int id) {
    if (!lua_istable(L, set)) return 0;
    lua_pushvalue(L, id);
    int found = lua_rawget(L, set) != LUA_TNIL;
    lua_pop(L, 1);
    return found;
}

/* The backdrop tile as an SVG pattern; returns whether one was written. */
static int write_pattern(lua_State *L, int result, FILE *out) {
    if (lua_getfield(L, result, "backdrop") != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    int backdrop = lua_gettop(L);
    lua_getfield(L, backdrop, "kind");
    const char *kind = lua_tostring(L, -1);
    double side = output_field(L, backdrop, "side");
    int drawn = kind && strcmp(kind, "none") != 0 && side > 0;
    if (drawn) {
        /* Tiles start at the content origin, as the engine lays them out. */
        fputs("  <defs>\n    <pattern id=\"backdrop\" x=\"0\" y=\"0\"", out);
        attribute(out, "width", side);
        attribute(out, "height", side);
        fputs(" patternUnits=\"userSpaceOnUse\">\n", out);
        lua_getfield(L, backdrop, "shapes");
        lua_Integer count = lua_istable(L, -1) ? luaL_len(L, -1) : 0;
        for (lua_Integer i = 1; i <= count; i++) {
            lua_geti(L, -1, i);
            int shape = lua_gettop(L);
            double x = output_field(L, shape, "x"), y = output_field(L, shape, "y");
            double width = output_field(L, shape, "width"), height = output_field(L, shape, "height");
            if (strcmp(kind, "dots") == 0) {
                fputs("      <circle", out);
                attribute(out, "cx", x + width / 2);
                attribute(out, "cy", y + height / 2);
                attribute(out, "r", width / 2);
            } else {
                fputs("      <rect", out);
                write_rect_attributes(out, x, y, width, height);
            }
            fputs(" fill=\"" COLOR_BACKDROP "\"/>\n", out);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        fputs("    </pattern>\n  </defs>\n", out);
    }
    lua_settop(L, backdrop - 1);
    return drawn;
}

/* One swatch and its caption in the legend; returns the next x. */
static double legend_entry(FILE *out, double x, double y, const char *fill, const char *stroke,
                           const char *dash, double opacity, const char *caption) {
    fprintf(out, "  <rect x=\"%g\" y=\"%g\" width=\"18\" height=\"11\" rx=\"2\" fill=\"%s\" stroke=\"%s\"%s%s",
            x, y - 9, fill, stroke, dash ? " stroke-dasharray=\"" : "", dash ? dash : "");
    if (dash) fputc('"', out);
    if (opacity < 1) fprintf(out, " opacity=\"%g\"", opacity);
    fprintf(out, "/>\n  <text x=\"%g\" y=\"%g\" font-size=\"11\" fill=\"" COLOR_MUTED "\">%s</text>\n",
            x + 24, y, caption);
    return x + 24 + 7.0 * (double)strlen(caption) + 18;
}

/* Text written to a buffer as well, so its width can be estimated. */
typedef struct line {
    char text[512];
    size_t length;
} line;

static void add(line *l, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void add(line *l, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(l->text + l->length, sizeof l->text - l->length, format, args);
    va_end(args);
    if (n > 0) l->length = l->length + (size_t)n < sizeof l->text ? l->length + (size_t)n : sizeof l->text - 1;
}

/* A number to at most two decimals, no trailing zeros ("1.5", "640"); one
   too large for decimals to matter is written whole, as JSON would. */
static void add_number(line *l, double value) {
    char text[64];
    if (!(fabs(value) < 1e15)) {
        add(l, "%s", output_format_number(value, text));
        return;
    }
    snprintf(text, sizeof text, "%.2f", round(value * 100) / 100);
    char *end = text + strlen(text);
    while (end[-1] == '0') *--end = '\0';
    if (end[-1] == '.') *--end = '\0';
    if (strcmp(text, "-0") == 0) strcpy(text, "0");
    add(l, "%s", text);
}

/* Characters, counting a UTF-8 sequence once. */
static size_t characters(const char *text) {
    size_t n = 0;
    for (; *text; text++) n += ((unsigned char)*text & 0xC0) != 0x80;
    return n;
}

/* The longest prefix of text with at most n characters, in bytes. */
static size_t prefix_bytes(const char *text, size_t length, size_t n) {
    size_t i = 0;
    for (size_t seen = 0; i < length; i++) {
        if (((unsigned char)text[i] & 0xC0) != 0x80 && seen++ == n) break;
    }
    return i;
}

/* An item's label, centered, at the largest size up to font that fits its
   box; at MIN_FONT it is cut to what fits, with an ellipsis, or left out. */
static void write_label(FILE *out, const char *label, size_t length, double x, double y,
                        double width, double height, double font) {
    size_t chars = 0;
    for (size_t i = 0; i < length; i++) chars += ((unsigned char)label[i] & 0xC0) != 0x80;
    if (chars == 0) return;
    double room = width - 4;  /* a little air on each side */
    double size = fmin(font, fmin(room / (GLYPH * (double)chars), height * 0.8));
    size_t shown = length;
    int elided = 0;
    if (size < MIN_FONT) {
        if (height * 0.8 < MIN_FONT) return;
        size = MIN_FONT;
        double fit = floor(room / (GLYPH * MIN_FONT)) - 1;  /* one for the ellipsis */
        if (fit < 1) return;
        shown = prefix_bytes(label, length, (size_t)fit);
        elided = 1;
    }
    fputs("      <text", out);
    attribute(out, "x", x + width / 2);
    attribute(out, "y", y + height / 2);
    attribute(out, "font-size", size);
    fputs(" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"" COLOR_LABEL "\">", out);
    write_escaped(out, label, shown);
    if (elided) fputs("\xe2\x80\xa6", out);  /* an ellipsis */
    fputs("</text>\n", out);
}

/* The title: the script, the item count, the content size and the zoom. */
static void title_line(lua_State *L, int result, const char *title, lua_Integer count,
                       double width, double height, line *out) {
    out->length = 0;
    out->text[0] = '\0';
    if (title) add(out, "%s \xc2\xb7 ", title);  /* a middle dot */
    add(out, "%lld item%s \xc2\xb7 content ", (long long)count, count == 1 ? "" : "s");
    add_number(out, width);
    add(out, " \xc3\x97 ");                      /* a multiplication sign */
    add_number(out, height);
    add(out, " \xc2\xb7 zoom ");
    if (lua_getfield(L, result, "zoom") == LUA_TTABLE) {
        add_number(out, output_field(L, -1, "scale"));
        lua_getfield(L, -1, "axis");
        if (lua_type(L, -1) == LUA_TSTRING) add(out, " (%s)", lua_tostring(L, -1));
        lua_pop(L, 1);
    } else {
        add(out, "1");
    }
    lua_pop(L, 1);
}

/* The second line: the viewport and what it shows, the selection. */
static void detail_line(lua_State *L, int result, lua_Integer count, line *out) {
    out->length = 0;
    out->text[0] = '\0';
    if (lua_getfield(L, result, "viewport") == LUA_TTABLE) {
        add(out, "viewport ");
        add_number(out, output_field(L, -1, "width"));
        add(out, " \xc3\x97 ");
        add_number(out, output_field(L, -1, "height"));
        add(out, " at (");
        add_number(out, output_field(L, -1, "x"));
        add(out, ", ");
        add_number(out, output_field(L, -1, "y"));
        add(out, ")");
        if (lua_getfield(L, result, "visible") == LUA_TTABLE)
            add(out, " \xc2\xb7 %lld of %lld items visible (overscan included)",
                (long long)luaL_len(L, -1), (long long)count);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, result, "selection") == LUA_TTABLE)
        add(out, "%s%lld selected", out->length ? " \xc2\xb7 " : "", (long long)luaL_len(L, -1));
    lua_pop(L, 1);
}

/* The scroll indicators, placed on the viewport at (vx, vy): track and thumb. */
static void write_indicators(lua_State *L, int result, double vx, double vy, FILE *out) {
    if (lua_getfield(L, result, "indicators") != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    static const char *const axes[] = {"horizontal", "vertical"};
    for (int i = 0; i < 2; i++) {
        if (lua_getfield(L, -1, axes[i]) == LUA_TTABLE) {
            double opacity = output_field(L, -1, "opacity");
            static const char *const parts[] = {"track", "thumb"};
            for (int p = 0; p < 2; p++) {
                lua_getfield(L, -1, parts[p]);
                fprintf(out, "    <rect class=\"indicator-%s\"", parts[p]);
                write_rect_attributes(out, vx + output_field(L, -1, "x"), vy + output_field(L, -1, "y"),
                                      output_field(L, -1, "width"), output_field(L, -1, "height"));
                /* Drawn even when faded out, lightly, so the picture shows where they are. */
                attribute(out, "fill-opacity", p ? fmax(opacity, 0.25) * 0.7 : 0.12);
                fputs(" fill=\"#000\" rx=\"1.5\"/>\n", out);
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* The viewport's path over a replay: its top-left corner at each tick. */
static void write_path(lua_State *L, int result, FILE *out) {
    if (lua_getfield(L, result, "path") != LUA_TTABLE || luaL_len(L, -1) < 1) {
        lua_pop(L, 1);
        return;
    }
    int path = lua_gettop(L);
    lua_Integer ticks = luaL_len(L, path);
    fputs("    <polyline class=\"viewport-path\" fill=\"none\" stroke=\"" COLOR_VIEWPORT
          "\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\" points=\"", out);
    for (lua_Integer i = 1; i <= ticks; i++) {
        lua_geti(L, path, i);
        if (i > 1) fputc(' ', out);
        output_number(out, output_field(L, -1, "x"));
        fputc(',', out);
        output_number(out, output_field(L, -1, "y"));
        lua_pop(L, 1);
    }
    fputs("\"/>\n", out);
    lua_geti(L, path, ticks);
    fputs("    <circle class=\"viewport-path-end\"", out);
    attribute(out, "cx", output_field(L, -1, "x"));
    attribute(out, "cy", output_field(L, -1, "y"));
    fputs(" r=\"3\" fill=\"" COLOR_VIEWPORT "\"/>\n", out);
    lua_pop(L, 2);
}

/* The marquee being drawn and the snap guides of a drag in progress, over the items. */
static void write_editing(lua_State *L, int result, FILE *out) {
    if (lua_getfield(L, result, "marquee") == LUA_TTABLE) {
        fputs("    <rect class=\"marquee\"", out);
        write_rect_attributes(out, output_field(L, -1, "x"), output_field(L, -1, "y"),
                              output_field(L, -1, "width"), output_field(L, -1, "height"));
        fputs(" fill=\"" COLOR_MARQUEE "\" fill-opacity=\"0.08\" stroke=\"" COLOR_MARQUEE
              "\" stroke-dasharray=\"4 3\"/>\n", out);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, result, "guides") == LUA_TTABLE) {
        lua_Integer count = luaL_len(L, -1);
        for (lua_Integer i = 1; i <= count; i++) {
            lua_geti(L, -1, i);
            lua_getfield(L, -1, "kind");
            const char *kind = lua_tostring(L, -1);
            const char *color = kind && strcmp(kind, "gap") == 0 ? COLOR_GUIDE_GAP
                              : kind && strcmp(kind, "grid") == 0 ? COLOR_GUIDE_GRID : COLOR_GUIDE;
            fprintf(out, "    <line class=\"guide %s\"", kind ? kind : "edge");
            lua_pop(L, 1);
            attribute(out, "x1", output_field(L, -1, "x1"));
            attribute(out, "y1", output_field(L, -1, "y1"));
            attribute(out, "x2", output_field(L, -1, "x2"));
            attribute(out, "y2", output_field(L, -1, "y2"));
            fprintf(out, " stroke=\"%s\" stroke-width=\"1.5\"/>\n", color);
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
}

/* The arrowhead every link ends with: its tip on the route's last point,
   turned along the last segment (or the curve's last tangent). */
static void write_link_marker(lua_State *L, int result, FILE *out) {
    int has_links = lua_getfield(L, result, "links") == LUA_TTABLE;
    lua_pop(L, 1);
    if (!has_links) return;
    fputs("  <defs>\n", out);
    static const char *const markers[2][2] = {{"link-arrow", COLOR_LINK}, {"link-arrow-selected", COLOR_SELECTED}};
    for (int m = 0; m < 2; m++)
        fprintf(out, "    <marker id=\"%s\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"9\""
                " markerHeight=\"9\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">\n"
                "      <path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"%s\"/>\n    </marker>\n", markers[m][0], markers[m][1]);
    fputs("  </defs>\n", out);
}

/* The links, under the items: a path through each route (a cubic for a
   curve), an arrowhead at the target; links outside visible_links dimmed.
   Every link is one <path class="link">, so tools can count them. */
static void write_links(lua_State *L, int result, FILE *out) {
    if (lua_getfield(L, result, "links") != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int links = lua_gettop(L);
    push_id_set(L, result, "visible_links");
    int visible = lua_gettop(L);
    push_id_set(L, result, "selected_links");
    int selected = lua_gettop(L);
    lua_Integer count = luaL_len(L, links);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, links, i);
        int link = lua_gettop(L);
        lua_getfield(L, link, "id");
        int culled = lua_istable(L, visible) && !in_set(L, visible, lua_gettop(L));
        int chosen = in_set(L, selected, lua_gettop(L));
        lua_getfield(L, link, "style");
        int curve = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "curve") == 0;
        lua_getfield(L, link, "points");
        int points = lua_gettop(L);
        lua_Integer n = lua_istable(L, points) ? luaL_len(L, points) : 0;
        if (n >= 2) {
            fputs("    <path class=\"link\" d=\"", out);
            for (lua_Integer p = 1; p <= n; p++) {
                lua_geti(L, points, p);
                lua_geti(L, -1, 1);
                lua_geti(L, -2, 2);
                fputs(p == 1 ? "M " : curve && n == 4 ? (p == 2 ? " C " : " ") : " L ", out);
                output_number(out, lua_tonumber(L, -2));
                fputc(' ', out);
                output_number(out, lua_tonumber(L, -1));
                lua_pop(L, 3);
            }
            fprintf(out, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s marker-end=\"url(#%s)\"><title>",
                    chosen ? COLOR_SELECTED : COLOR_LINK, chosen ? "3" : "1.5", culled ? " opacity=\"0.35\"" : "",
                    chosen ? "link-arrow-selected" : "link-arrow");
            size_t length;
            const char *label = luaL_tolstring(L, link + 1, &length);
            fputs("link ", out);
            write_escaped(out, label, length);
            fputs("</title></path>\n", out);
        }
        lua_settop(L, link - 1);
    }
    lua_settop(L, links - 1);
}

/* Pushes a map id -> {cx, cy} of the centres of the rects in result[key], or nil. */
static void push_centres(lua_State *L, int result, const char *key) {
    if (lua_getfield(L, result, key) != LUA_TTABLE) return;  /* leaves nil */
    int list = lua_gettop(L);
    lua_newtable(L);
    lua_Integer count = luaL_len(L, list);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, list, i);
        int rect = lua_gettop(L);
        lua_getfield(L, rect, "id");
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, output_field(L, rect, "x") + output_field(L, rect, "width") / 2);
        lua_rawseti(L, -2, 1);
        lua_pushnumber(L, output_field(L, rect, "y") + output_field(L, rect, "height") / 2);
        lua_rawseti(L, -2, 2);
        if (!lua_isnil(L, -2)) lua_rawset(L, list + 1);
        lua_settop(L, list + 1);
    }
    lua_remove(L, list);
}

/* Level of detail's aggregated links: a line between the centres of its two
   ends (clusters or items), as thick as the log of its count. */
static void write_cluster_links(lua_State *L, int result, FILE *out) {
    if (lua_getfield(L, result, "cluster_links") != LUA_TTABLE) {
        lua_pop(L, 1);
        return;
    }
    int pairs = lua_gettop(L);
    push_centres(L, result, "clusters");
    int clusters = lua_gettop(L);
    push_centres(L, result, "items");
    int items = lua_gettop(L);
    lua_Integer count = luaL_len(L, pairs);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, pairs, i);
        int pair = lua_gettop(L);
        double ends[2][2];
        int found = 0;
        for (int e = 0; e < 2; e++) {
            lua_getfield(L, pair, e ? "to_kind" : "from_kind");
            int cluster = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "cluster") == 0;
            lua_getfield(L, pair, e ? "to" : "from");
            int map = cluster ? clusters : items;
            if (lua_istable(L, map) && lua_rawget(L, map) == LUA_TTABLE) {
                lua_rawgeti(L, -1, 1);
                lua_rawgeti(L, -2, 2);
                ends[e][0] = lua_tonumber(L, -2);
                ends[e][1] = lua_tonumber(L, -1);
                found++;
            }
            lua_settop(L, pair);
        }
        lua_getfield(L, pair, "count");
        lua_Integer links = lua_tointeger(L, -1);
        if (found == 2) {
            fputs("    <line class=\"cluster-link\"", out);
            attribute(out, "x1", ends[0][0]);
            attribute(out, "y1", ends[0][1]);
            attribute(out, "x2", ends[1][0]);
            attribute(out, "y2", ends[1][1]);
            attribute(out, "stroke-width", 1 + log2((double)(links > 1 ? links : 1)));
            fprintf(out, " stroke=\"" COLOR_CLUSTER "\" stroke-opacity=\"0.6\"><title>" LUA_INTEGER_FMT " link%s</title></line>\n",
                    links, links == 1 ? "" : "s");
        }
        lua_settop(L, pair - 1);
    }
    lua_settop(L, pairs - 1);
}

/* The level-of-detail clusters: shaded cells, each with its count. */
static void write_clusters(lua_State *L, int result, FILE *out) {
    if (lua_getfield(L, result, "clusters") == LUA_TTABLE) {
        int clusters = lua_gettop(L);
        lua_Integer count = luaL_len(L, clusters);
        for (lua_Integer i = 1; i <= count; i++) {
            lua_geti(L, clusters, i);
            double cx = output_field(L, -1, "x"), cy = output_field(L, -1, "y");
            double cw = output_field(L, -1, "width"), ch = output_field(L, -1, "height");
            lua_getfield(L, -1, "count");
            lua_Integer items = lua_tointeger(L, -1);
            fputs("    <g>\n      <rect class=\"cluster\"", out);
            write_rect_attributes(out, cx, cy, cw, ch);
            fputs(" fill=\"" COLOR_CLUSTER "\" fill-opacity=\"0.3\" stroke=\"" COLOR_CLUSTER "\" stroke-width=\"0.5\"/>\n", out);
            fputs("      <text", out);
            attribute(out, "x", cx + cw / 2);
            attribute(out, "y", cy + ch / 2);
            attribute(out, "font-size", fmax(6, fmin(11, fmin(cw, ch) * 0.6)));
            fprintf(out, " text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"" COLOR_TEXT "\">"
                    LUA_INTEGER_FMT "</text>\n    </g>\n", items);
            lua_pop(L, 2);
        }
    }
    lua_pop(L, 1);
}

void output_svg(lua_State *L, int result, const char *title, double label_scale, double overscan, FILE *out) {
    result = lua_absindex(L, result);
    int top = lua_gettop(L);
    if (!(label_scale > 0) || !isfinite(label_scale)) label_scale = 1;
    lua_getfield(L, result, "content_size");
    double content_width = output_field(L, -1, "width");
    double content_height = output_field(L, -1, "height");
    lua_pop(L, 1);
    /* A free canvas (result.free) keeps world coordinates, negative ones
       included, and its viewport may go anywhere: the drawing covers its
       content bounds and the viewport, wherever they are. */
    double shift_x = 0, shift_y = 0, size_width = content_width, size_height = content_height;
    lua_getfield(L, result, "free");
    int free_canvas = lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (free_canvas) {
        lua_getfield(L, result, "content_bounds");
        double min_x = output_field(L, -1, "x"), min_y = output_field(L, -1, "y");
        double max_x = min_x + output_field(L, -1, "width"), max_y = min_y + output_field(L, -1, "height");
        lua_pop(L, 1);
        if (lua_getfield(L, result, "viewport") == LUA_TTABLE) {
            double vx = output_field(L, -1, "x"), vy = output_field(L, -1, "y");
            min_x = fmin(min_x, vx);
            min_y = fmin(min_y, vy);
            max_x = fmax(max_x, vx + output_field(L, -1, "width"));
            max_y = fmax(max_y, vy + output_field(L, -1, "height"));
        }
        lua_pop(L, 1);
        shift_x = -min_x;
        shift_y = -min_y;
        content_width = max_x - min_x;
        content_height = max_y - min_y;
    }
    /* The content rect (and backdrop) as drawn; the picture covers it, the
       viewport's overscan band and the viewport's label, all below the legend
       and inside the picture, wherever they are. */
    double content_x = -shift_x, content_y = -shift_y;
    double band = isfinite(overscan) ? fmax(0, overscan) : DEFAULT_OVERSCAN;
    double draw_min_x = content_x, draw_min_y = content_y;
    double draw_max_x = content_x + content_width, draw_max_y = content_y + content_height;
    double label_y = content_y - 8;
    if (lua_getfield(L, result, "viewport") == LUA_TTABLE) {
        double vx = output_field(L, -1, "x"), vy = output_field(L, -1, "y");
        double vw = output_field(L, -1, "width"), vh = output_field(L, -1, "height");
        draw_min_x = fmin(draw_min_x, vx - band);
        draw_max_x = fmax(draw_max_x, vx + vw + band);
        draw_max_y = fmax(draw_max_y, vy + vh + band);
        label_y = fmin(content_y, vy - band) - 8;   /* above the content and the band */
        draw_min_y = fmin(draw_min_y, vy - band);
        draw_min_y = fmin(draw_min_y, label_y - 12); /* the label's cap height */
        draw_max_x = fmax(draw_max_x, vx + GLYPH * 12 * 8);
    }
    lua_pop(L, 1);
    shift_x = -draw_min_x;
    shift_y = -draw_min_y;
    double picture_width = draw_max_x - draw_min_x, picture_height = draw_max_y - draw_min_y;
    lua_getfield(L, result, "items");
    int items = lua_gettop(L);
    lua_Integer count = lua_istable(L, items) ? luaL_len(L, items) : 0;
    push_id_set(L, result, "visible");
    int visible = lua_gettop(L);
    push_id_set(L, result, "selection");
    int selection = lua_gettop(L);
    int has_viewport = lua_getfield(L, result, "viewport") == LUA_TTABLE;
    lua_pop(L, 1);

    line title_text, details;
    title_line(L, result, title, count, size_width, size_height, &title_text);
    detail_line(L, result, count, &details);
    /* Wide enough for the text too: about 8.5 and 7 points a character. */
    double width = fmax(picture_width + 2 * MARGIN, MIN_WIDTH);
    width = fmax(width, 2 * MARGIN + 8.5 * (double)characters(title_text.text));
    width = fmax(width, 2 * MARGIN + 7 * (double)characters(details.text));
    /* And for the legend's row, as legend_entry spaces it, so no caption is cut. */
    {
        int clusters = lua_getfield(L, result, "clusters") == LUA_TTABLE;
        lua_pop(L, 1);
        const char *captions[] = {"item", lua_istable(L, visible) ? "culled" : NULL,
                                  lua_istable(L, selection) ? "selected" : NULL, clusters ? "cluster" : NULL,
                                  has_viewport ? "viewport" : NULL, has_viewport ? "overscan" : NULL};
        double end = MARGIN;
        for (size_t i = 0; i < sizeof captions / sizeof *captions; i++)
            if (captions[i]) end += 24 + 7.0 * (double)strlen(captions[i]) + 18;
        end += 24 + 7.0 * (double)strlen("content bounds");
        width = fmax(width, end + MARGIN);
    }
    double header = details.length ? HEADER : HEADER - LINE;
    double height = picture_height + header + 2 * MARGIN;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", out);
    attribute(out, "width", width);
    attribute(out, "height", height);
    fputs(" viewBox=\"0 0 ", out);
    output_number(out, width);
    fputc(' ', out);
    output_number(out, height);
    fputs("\" font-family=\"Helvetica, Arial, sans-serif\">\n", out);
    int patterned = write_pattern(L, result, out);
    write_link_marker(L, result, out);
    fputs("  <rect width=\"100%\" height=\"100%\" fill=\"" COLOR_PAGE "\"/>\n", out);

    fprintf(out, "  <text x=\"%g\" y=\"24\" font-size=\"15\" font-weight=\"bold\" fill=\"" COLOR_TEXT "\">", MARGIN);
    write_escaped_string(out, title_text.text);
    fputs("</text>\n", out);
    if (details.length) {
        fprintf(out, "  <text x=\"%g\" y=\"44\" font-size=\"12\" fill=\"" COLOR_MUTED "\">", MARGIN);
        write_escaped_string(out, details.text);
        fputs("</text>\n", out);
    }
    double x = MARGIN, y = details.length ? 66 : 66 - LINE;
    x = legend_entry(out, x, y, COLOR_ITEM, COLOR_ITEM_EDGE, NULL, 1, "item");
    if (lua_istable(L, visible)) x = legend_entry(out, x, y, COLOR_CULLED, COLOR_CULLED_EDGE, NULL, 0.6, "culled");
    if (lua_istable(L, selection)) x = legend_entry(out, x, y, COLOR_ITEM, COLOR_SELECTED, NULL, 1, "selected");
    int has_clusters = lua_getfield(L, result, "clusters") == LUA_TTABLE;
    lua_pop(L, 1);
    if (has_clusters) x = legend_entry(out, x, y, COLOR_CLUSTER, COLOR_CLUSTER, NULL, 0.35, "cluster");
    if (has_viewport) x = legend_entry(out, x, y, "none", COLOR_VIEWPORT, NULL, 1, "viewport");
    if (has_viewport) x = legend_entry(out, x, y, "none", COLOR_VIEWPORT, "2 2", 0.6, "overscan");
    legend_entry(out, x, y, "none", COLOR_BOUNDS, "4 3", 1, "content bounds");

    /* The content, 1 unit per point, below the header. */
    fprintf(out, "  <g transform=\"translate(%g %g)\">\n", MARGIN + shift_x, header + MARGIN + shift_y);
    fputs("    <rect class=\"content\"", out);
    attribute(out, "x", content_x);
    attribute(out, "y", content_y);
    attribute(out, "width", content_width);
    attribute(out, "height", content_height);
    fputs(" fill=\"" COLOR_CONTENT "\" stroke=\"" COLOR_EDGE "\"/>\n", out);
    if (patterned) {
        fputs("    <rect class=\"backdrop\"", out);
        attribute(out, "x", content_x);
        attribute(out, "y", content_y);
        attribute(out, "width", content_width);
        attribute(out, "height", content_height);
        fputs(" fill=\"url(#backdrop)\"/>\n", out);
    }
    lua_getfield(L, result, "content_bounds");
    fputs("    <rect class=\"bounds\"", out);
    write_rect_attributes(out, output_field(L, -1, "x"), output_field(L, -1, "y"),
                          output_field(L, -1, "width"), output_field(L, -1, "height"));
    fputs(" fill=\"none\" stroke=\"" COLOR_BOUNDS "\" stroke-dasharray=\"6 4\"/>\n", out);
    lua_pop(L, 1);

    write_links(L, result, out);
    double font = 12 * label_scale;
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, items, i);
        int item = lua_gettop(L);
        lua_getfield(L, item, "id");
        int id = lua_gettop(L);
        int culled = lua_istable(L, visible) && !in_set(L, visible, id);
        int selected = in_set(L, selection, id);
        size_t length;
        const char *label = luaL_tolstring(L, id, &length);
        double ix = output_field(L, item, "x"), iy = output_field(L, item, "y");
        double iw = output_field(L, item, "width"), ih = output_field(L, item, "height");
        double radius = fmin(4, fmin(iw, ih) / 4);
        fprintf(out, "    <g%s>\n      <rect class=\"item\"", culled ? " opacity=\"0.45\"" : "");
        write_rect_attributes(out, ix, iy, iw, ih);
        attribute(out, "rx", radius);
        fprintf(out, " fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\"><title>",
                culled ? COLOR_CULLED : COLOR_ITEM,
                selected ? COLOR_SELECTED : culled ? COLOR_CULLED_EDGE : COLOR_ITEM_EDGE,
                selected ? "3" : "1.5");
        write_escaped(out, label, length);
        fputs("</title></rect>\n", out);
        write_label(out, label, length, ix, iy, iw, ih, font);
        fputs("    </g>\n", out);
        lua_settop(L, item - 1);
    }

    write_cluster_links(L, result, out);
    write_clusters(L, result, out);

    if (lua_getfield(L, result, "viewport") == LUA_TTABLE) {
        double vx = output_field(L, -1, "x"), vy = output_field(L, -1, "y");
        double vw = output_field(L, -1, "width"), vh = output_field(L, -1, "height");
        /* The band items are culled against: the viewport grown by the overscan
           (drawn at 0 too, under the viewport's outline, so it is always there). */
        fputs("    <rect class=\"overscan\"", out);
        write_rect_attributes(out, vx - band, vy - band, vw + 2 * band, vh + 2 * band);
        fputs(" fill=\"none\" stroke=\"" COLOR_VIEWPORT "\" stroke-opacity=\"0.6\" stroke-width=\"1\""
              " stroke-dasharray=\"2 2\"/>\n", out);
        fputs("    <rect class=\"viewport\"", out);
        write_rect_attributes(out, vx, vy, vw, vh);
        fputs(" fill=\"" COLOR_VIEWPORT "\" fill-opacity=\"0.04\" stroke=\"" COLOR_VIEWPORT
              "\" stroke-width=\"2\"/>\n", out);
        /* Above the content and the band, over the viewport's left edge: it covers no item. */
        fputs("    <text class=\"viewport-label\"", out);
        attribute(out, "x", vx);
        attribute(out, "y", label_y);
        fputs(" font-size=\"12\" font-weight=\"bold\" fill=\"" COLOR_VIEWPORT "\">viewport</text>\n", out);
        write_indicators(L, result, vx, vy, out);
    }
    write_editing(L, result, out);
    write_path(L, result, out);
    fputs("  </g>\n</svg>\n", out);
    lua_settop(L, top);
}
