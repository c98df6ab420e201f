/*
** ldescription.c: reading a canvas description (the table a layout script
** returns) into an engine.
**
** Every value is checked before the engine sees it, and every complaint
** names the key, and the item where there is one ("items[3].width: expected
** a number, got nil"). Everything is read first and applied last, so a bad
** description never reaches the engine half-read.
**
** Applying then sets the engine up, resolves (measuring everything first,
** when there is a measure function), zooms to zoom.scale, opens the
** viewport and replays the gestures. Those steps run Lua callbacks and can
** fail part-way; the canvas is new and is dropped with the error, so no
** caller ever sees it half-applied.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lcanvas_internal.h"

/* More items than this is a mistake, not a canvas (and would not fit in memory). */
#define MAX_ITEMS ((lua_Integer)1 << 25)

static const char *const description_keys[] = {
    "items", "item_size", "layout", "content_size", "margins", "content_anchor", "direction",
    "viewport", "initial_anchor", "estimated_item_size", "measure", "backdrop", "zoom", "gestures",
    "on_zoom", "on_zoom_begin", "on_zoom_end", "motion", "trace", "lod", "tool", "snap", "scroll_extent", "links", NULL,
};

/* Fails on keys a table does not know: usually typos, which would otherwise
   be ignored in silence. */
void lcanvas_check_keys(lua_State *L, int table, const char *const *known, const char *where) {
    table = lua_absindex(L, table);
    lua_pushnil(L);
    while (lua_next(L, table)) {
        lua_pop(L, 1);
        int found = 0;
        if (lua_type(L, -1) == LUA_TSTRING)
            for (const char *const *key = known; *key && !found; key++)
                found = strcmp(*key, lua_tostring(L, -1)) == 0;
        if (!found) {
            const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1);
            luaL_error(L, "%s: unknown key '%s'", where, name);
        }
    }
}

/* ---- items ---------------------------------------------------------- */

/* Scratch memory owned by a userdata on the stack, so an error cannot leak it. */
static void *scratch(lua_State *L, size_t count, size_t element) {
    if (count > (SIZE_MAX - 1) / element) luaL_error(L, "items: too many to hold");
    return lua_newuserdatauv(L, count * element + 1, 0);
}

/* The size of one entry of an items array (on top of the stack). */
static canvas_size entry_size(lua_State *L, int entry, const char *where) {
    int top = lua_gettop(L);
    if (lua_getfield(L, entry, "width") == LUA_TNIL || lua_getfield(L, entry, "height") == LUA_TNIL)
        luaL_error(L, "%s: item has no size (give it width and height, or set item_size, "
                      "estimated_item_size or measure)", where);
    lua_settop(L, top);
    canvas_size size = {
        lcanvas_number_field(L, entry, "width", 0, where),
        lcanvas_number_field(L, entry, "height", 0, where),
    };
    if (size.width < 0 || size.height < 0)
        luaL_error(L, "%s: negative size (width %f, height %f)", where, size.width, size.height);
    return size;
}

/* Pushes the id of one entry: its id field, or its index. */
static void push_entry_id(lua_State *L, int entry, lua_Integer index, const char *where) {
    switch (lua_getfield(L, entry, "id")) {
    case LUA_TNIL:
        lua_pop(L, 1);
        lua_pushinteger(L, index);
        return;
    case LUA_TSTRING:
        return;
    case LUA_TNUMBER:
        if (lua_isinteger(L, -1)) return;
        luaL_error(L, "%s.id: expected an integer or a string, got a fractional number", where);
        return;
    default:
        luaL_error(L, "%s.id: expected an integer or a string, got %s", where, lcanvas_got(L, -1));
    }
}

/* Reads the entry on top of the stack, items[i]: when it is a table with a
   usable id and, if sized_by_entries, a usable size (which goes to *size),
   pushes its id (its id field, or i) and returns 1; else pushes nothing and
   returns 0. Checks without naming the entry: formatting "items[i]" for
   every entry of a good array would cost more than reading it. */
static int read_entry(lua_State *L, lua_Integer i, int sized_by_entries, canvas_size *size) {
    if (!lua_istable(L, -1)) return 0;
    if (sized_by_entries) {
        int width_type = lua_getfield(L, -1, "width");
        int height_type = lua_getfield(L, -2, "height");
        double width = lua_tonumber(L, -2), height = lua_tonumber(L, -1);
        lua_pop(L, 2);
        if (width_type != LUA_TNUMBER || height_type != LUA_TNUMBER || !isfinite(width) || !isfinite(height)
            || width < 0 || height < 0)
            return 0;
        *size = (canvas_size){width, height};
    }
    int id_type = lua_getfield(L, -1, "id");
    if (id_type == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushinteger(L, i);
        return 1;
    }
    if (id_type == LUA_TSTRING || lua_isinteger(L, -1)) return 1;
    lua_pop(L, 1);
    return 0;
}

/* Raises the precise complaint about items[i], the entry on top of the stack
   that read_entry refused. */
static void report_entry(lua_State *L, lua_Integer i, int sized_by_entries) {
    char where[48];
    snprintf(where, sizeof where, "items[%lld]", (long long)i);
    if (!lua_istable(L, -1))
        luaL_error(L, "%s: expected a table {id=, width=, height=}, got %s", where, lcanvas_got(L, -1));
    if (sized_by_entries) entry_size(L, lua_gettop(L), where);
    push_entry_id(L, lua_gettop(L), i, where);
    luaL_error(L, "%s: not a valid item", where);
}

/*
** Reads the items value at `source` (nil, a count or an array of entries).
** Pushes the script ids (an array in data order, or for a count N just N:
** the ids are then 1..N, and the engine numbers them so itself, with out->ids
** NULL) and the scratch buffers behind `out`; out->sizes is NULL when sizes
** come from measuring, and when every item has item_size (out->uniform): the
** engine is then given that one size (lcanvas_set_items), not a buffer of N
** copies, which at 10,000,000 items was 160 MB on top of the canvas.
*/
void lcanvas_read_items(lua_State *L, int source, int state, const lcanvas_sizing *sizing, lcanvas_items *out) {
    source = lua_absindex(L, source);
    lcanvas_begin_ids(L, state);
    int counted = lua_isinteger(L, source);
    lua_Integer count = 0;
    if (counted) {
        count = lua_tointeger(L, source);
        if (count < 0) luaL_error(L, "items: expected a count of at least 0, got %I", count);
        if (count > 0 && !sizing->uniform && !sizing->measured)
            luaL_error(L, "items: a count of items needs item_size = {width, height} "
                          "(or estimated_item_size or measure)");
    } else if (lua_istable(L, source)) {
        count = luaL_len(L, source);
    } else if (!lua_isnil(L, source)) {
        luaL_error(L, "items: expected a count (a whole number of at least 0) or an array of "
                      "{id=, width=, height=}, got %s", lcanvas_got(L, source));
    }
    if (count > MAX_ITEMS)
        luaL_error(L, "items: %I items is more than the %I a canvas holds", count, MAX_ITEMS);

    out->count = (size_t)count;
    out->uniform = sizing->uniform && !sizing->measured;
    out->size = sizing->size;
    if (counted) {
        /* Ids 1..N need no table here and no id list for the engine. */
        lua_pushinteger(L, count);
        out->ids = NULL;
        out->sizes = NULL;
        return;
    }
    lua_createtable(L, (int)count, 0);
    int ids = lua_gettop(L);
    out->sizes = out->uniform ? NULL : scratch(L, out->count, sizeof *out->sizes);
    out->ids = scratch(L, out->count, sizeof *out->ids);
    lua_newtable(L);                        /* seen: script id -> index, for duplicates */
    int seen = lua_gettop(L);

    int sized_by_entries = !sizing->uniform && !sizing->measured;
    for (lua_Integer i = 1; i <= count; i++) {
        canvas_size size = sizing->size;
        lua_geti(L, source, i);
        if (!read_entry(L, i, sized_by_entries, &size)) report_entry(L, i, sized_by_entries);
        lua_remove(L, -2);                  /* the entry, under its id */
        lua_pushvalue(L, -1);
        if (lua_rawget(L, seen) != LUA_TNIL) {
            lua_Integer earlier = lua_tointeger(L, -1);  /* before tolstring pushes over it */
            luaL_error(L, "items[%I].id: duplicate id %s (also the id of items[%I])", i,
                       luaL_tolstring(L, -2, NULL), earlier);
        }
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushinteger(L, i);
        lua_rawset(L, seen);
        out->ids[i - 1] = lcanvas_engine_id(L, state, -1);
        if (out->sizes) out->sizes[i - 1] = size;
        lua_rawseti(L, ids, i);
    }
    lua_pop(L, 1);                          /* seen */
    if (sizing->measured) out->sizes = NULL;  /* the engine measures or estimates them */
}

/* canvas_set_items for what lcanvas_read_items read: one size for all when
   the items share it (the engine then stores one, not one per item). */
canvas_status lcanvas_set_items(canvas_engine *engine, const lcanvas_items *list) {
    if (list->uniform) {
        canvas_status status = canvas_set_item_size(engine, list->size);
        if (status != CANVAS_OK) return status;
    }
    return canvas_set_items(engine, list->sizes, list->ids, list->count);
}

/* How set_items sizes items: as the description said. */
void lcanvas_state_sizing(lua_State *L, int state, lcanvas_sizing *out) {
    *out = (lcanvas_sizing){0, {0, 0}, 0};
    if (lua_getfield(L, state, "item_size") == LUA_TTABLE) {
        out->uniform = 1;
        out->size.width = lcanvas_number_field(L, -1, "width", 0, "item_size");
        out->size.height = lcanvas_number_field(L, -1, "height", 0, "item_size");
    }
    lua_pop(L, 1);
    lua_getfield(L, state, "measured");
    out->measured = lua_toboolean(L, -1);
    lua_pop(L, 1);
}

/* Reads item_size, estimated_item_size and measure (checked to be a function). */
static void read_sizing(lua_State *L, int description, lcanvas_sizing *out, int *has_estimate,
                        canvas_size *estimate, int *has_measure) {
    *out = (lcanvas_sizing){0, {0, 0}, 0};
    lua_getfield(L, description, "item_size");
    out->uniform = !lua_isnil(L, -1);
    if (out->uniform && !lcanvas_size_pair(L, -1, "item_size", &out->size))
        luaL_error(L, "item_size: expected {width, height}, got %s", lcanvas_got(L, -1));
    lua_pop(L, 1);

    lua_getfield(L, description, "estimated_item_size");
    *has_estimate = !lua_isnil(L, -1);
    if (*has_estimate && !lcanvas_size_pair(L, -1, "estimated_item_size", estimate))
        luaL_error(L, "estimated_item_size: expected {width, height}, got %s", lcanvas_got(L, -1));
    lua_pop(L, 1);

    int type = lua_getfield(L, description, "measure");
    *has_measure = type != LUA_TNIL;
    if (*has_measure && type != LUA_TFUNCTION)
        luaL_error(L, "measure: expected a function measure(item, proposal_width), got %s", lcanvas_got(L, -1));
    lua_pop(L, 1);

    out->measured = *has_estimate || *has_measure;
    if (out->uniform && out->measured)
        luaL_error(L, "item_size: cannot be combined with %s (item_size gives every item its size)",
                   *has_measure ? "measure" : "estimated_item_size");
}

/* ---- layout --------------------------------------------------------- */

static const char *const flow_keys[] = {"kind", "h_spacing", "v_spacing", "alignment", "max_width", NULL};
static const char *const grid_keys[] = {"kind", "columns", "h_spacing", "v_spacing", "alignment", NULL};

static double spacing(lua_State *L, int table, const char *key, const char *where) {
    double value = lcanvas_number_field(L, table, key, 8, where);
    if (value < 0) luaL_error(L, "%s.%s: expected a non-negative number, got %f", where, key, value);
    return value;
}

static const char *const tree_keys[] = {"kind", "direction", "level_spacing", "sibling_spacing", NULL};
static const char *const layered_keys[] = {"kind", "direction", "rank_spacing", "node_spacing", NULL};

static double spacing_or(lua_State *L, int table, const char *key, double fallback, const char *where) {
    double value = lcanvas_number_field(L, table, key, fallback, where);
    if (value < 0) luaL_error(L, "%s.%s: expected a non-negative number, got %f", where, key, value);
    return value;
}

/* canvas.tree{direction = "down"|"right"|"radial", level_spacing=, sibling_spacing=} or
   canvas.layered{direction = "down"|"right", rank_spacing=, node_spacing=}. */
static void read_graph_layout(lua_State *L, int table, int tree, lcanvas_layout *out) {
    const char *where = tree ? "layout (tree)" : "layout (layered)";
    lcanvas_check_keys(L, table, tree ? tree_keys : layered_keys, where);
    static const char *const directions[] = {"down", "right", "radial", NULL};
    int found = -1;
    lua_getfield(L, table, "direction");
    const char *name = lua_isnil(L, -1) ? "down" : lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    for (int i = 0; name && directions[i] && (tree || i < 2); i++)
        if (strcmp(name, directions[i]) == 0) found = i;
    if (found < 0)
        luaL_error(L, "%s.direction: expected %s, got %s", where,
                   tree ? "\"down\", \"right\" or \"radial\"" : "\"down\" or \"right\"", lcanvas_got(L, -1));
    lua_pop(L, 1);
    canvas_graph_direction direction = found == 0 ? CANVAS_GRAPH_DOWN : found == 1 ? CANVAS_GRAPH_RIGHT : CANVAS_GRAPH_RADIAL;
    if (tree) {
        out->kind = LCANVAS_TREE;
        out->tree = (canvas_tree_settings){direction, spacing_or(L, table, "level_spacing", 40, where),
                                           spacing_or(L, table, "sibling_spacing", 16, where)};
    } else {
        out->kind = LCANVAS_LAYERED;
        out->layered = (canvas_layered_settings){direction, spacing_or(L, table, "rank_spacing", 50, where),
                                                 spacing_or(L, table, "node_spacing", 20, where)};
    }
}

static int known_kind(const char *kind) {
    return kind && (strcmp(kind, "flow") == 0 || strcmp(kind, "grid") == 0 || strcmp(kind, "tree") == 0 ||
                    strcmp(kind, "layered") == 0);
}

/* Reads canvas.flow{...}, canvas.grid{...}, canvas.tree{...} or canvas.layered{...}
   settings; kind is "flow", "grid", "tree" or "layered". */
void lcanvas_read_layout_table(lua_State *L, int table, const char *kind, lcanvas_layout *out) {
    table = lua_absindex(L, table);
    if (strcmp(kind, "tree") == 0 || strcmp(kind, "layered") == 0) {
        read_graph_layout(L, table, strcmp(kind, "tree") == 0, out);
        return;
    }
    int flow = strcmp(kind, "flow") == 0;
    const char *where = flow ? "layout (flow)" : "layout (grid)";
    lcanvas_check_keys(L, table, flow ? flow_keys : grid_keys, where);
    out->h_spacing = spacing(L, table, "h_spacing", where);
    out->v_spacing = spacing(L, table, "v_spacing", where);
    if (flow) {
        static const char *const alignments[] = {"top", "center", "bottom", NULL};
        static const canvas_flow_alignment values[] = {
            CANVAS_FLOW_ALIGN_TOP, CANVAS_FLOW_ALIGN_CENTER, CANVAS_FLOW_ALIGN_BOTTOM,
        };
        out->kind = LCANVAS_FLOW;
        lua_getfield(L, table, "alignment");
        const char *name = lua_isnil(L, -1) ? "center" : lua_tostring(L, -1);
        int found = -1;
        for (int i = 0; name && alignments[i]; i++)
            if (strcmp(name, alignments[i]) == 0) found = i;
        if (found < 0 || lua_type(L, -1) == LUA_TNUMBER)
            luaL_error(L, "%s.alignment: expected \"top\", \"center\" or \"bottom\"", where);
        out->flow_alignment = values[found];
        lua_pop(L, 1);
        out->max_width = lcanvas_number_field(L, table, "max_width", 0, where);
        if (out->max_width < 0)
            luaL_error(L, "%s.max_width: expected a positive number, got %f", where, out->max_width);
    } else {
        out->kind = LCANVAS_GRID;
        out->columns = -1;
        if (lua_getfield(L, table, "columns") != LUA_TNIL) {
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0 || lua_tointeger(L, -1) > INT32_MAX)
                luaL_error(L, "%s.columns: expected a non-negative integer, got %s", where, luaL_tolstring(L, -1, NULL));
            out->columns = lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
        out->grid_alignment = (canvas_point){0.5, 0.5};
        if (lua_getfield(L, table, "alignment") != LUA_TNIL)
            out->grid_alignment = lcanvas_unit_point(L, -1, "layout (grid).alignment");
        lua_pop(L, 1);
    }
}

/* Reads the layout key; a Lua function is left on the stack as the place function. */
static void read_layout(lua_State *L, int description, lcanvas_layout *out, int *place) {
    static const char *const usage =
        "expected \"flow\", \"grid\", \"tree\", \"layered\", \"free\", canvas.flow{...}, canvas.grid{...}, "
        "canvas.tree{...}, canvas.layered{...} or a function place(items, proposal)";
    *place = 0;
    int type = lua_getfield(L, description, "layout");
    if (type == LUA_TNIL || type == LUA_TSTRING) {
        const char *name = type == LUA_TNIL ? "flow" : lua_tostring(L, -1);
        if (strcmp(name, "free") == 0) {
            out->kind = LCANVAS_FREE;
            lua_pop(L, 1);
            return;
        }
        if (!known_kind(name))
            luaL_error(L, "layout: unknown layout '%s' (%s)", name, usage);
        lua_newtable(L);
        lcanvas_read_layout_table(L, -1, name, out);
        lua_pop(L, 2);
    } else if (type == LUA_TTABLE) {
        lua_getfield(L, -1, "kind");
        const char *kind = lua_tostring(L, -1);
        if (!known_kind(kind))
            luaL_error(L, "layout: table without a known kind (%s)", usage);
        lcanvas_read_layout_table(L, -2, kind, out);
        lua_pop(L, 2);
    } else if (type == LUA_TFUNCTION) {
        out->kind = LCANVAS_CUSTOM;
        *place = lua_gettop(L);
    } else {
        luaL_error(L, "layout: %s, got %s", usage, lcanvas_got(L, -1));
    }
}

/* ---- placement options ---------------------------------------------- */

typedef struct placement {
    canvas_content_mode mode;
    canvas_size size;
    canvas_insets margins;
    canvas_point anchor;
    canvas_direction direction;
} placement;

static void read_content_size(lua_State *L, int description, placement *out) {
    out->mode = CANVAS_CONTENT_AUTOMATIC;
    int type = lua_getfield(L, description, "content_size");
    if (type == LUA_TSTRING && strcmp(lua_tostring(L, -1), "automatic") == 0) {
        /* the default */
    } else if (type == LUA_TTABLE && lua_getfield(L, -1, "at_least") != LUA_TNIL) {
        if (!lcanvas_size_pair(L, -1, "content_size.at_least", &out->size))
            luaL_error(L, "content_size.at_least: expected {width, height}, got %s", lcanvas_got(L, -1));
        out->mode = CANVAS_CONTENT_AT_LEAST;
        lua_pop(L, 1);
    } else if (type == LUA_TTABLE) {
        lua_pop(L, 1);
        lcanvas_size_pair(L, -1, "content_size", &out->size);
        out->mode = CANVAS_CONTENT_FIXED;
    } else if (type != LUA_TNIL) {
        luaL_error(L, "content_size: expected \"automatic\", {width, height} or {at_least = {width, height}}");
    }
    lua_pop(L, 1);
}

static void read_margins(lua_State *L, int description, placement *out) {
    static const char *const keys[] = {"top", "leading", "bottom", "trailing", NULL};
    double sides[4] = {0, 0, 0, 0};
    int type = lua_getfield(L, description, "margins");
    if (type == LUA_TNUMBER) {
        double all = lcanvas_check_finite(L, -1, "margins", "");
        for (int i = 0; i < 4; i++) sides[i] = all;
    } else if (type == LUA_TTABLE) {
        lcanvas_check_keys(L, -1, keys, "margins");
        for (int i = 0; i < 4; i++) sides[i] = lcanvas_number_field(L, -1, keys[i], 0, "margins");
    } else if (type != LUA_TNIL) {
        luaL_error(L, "margins: expected a number or {top=, leading=, bottom=, trailing=}, got %s",
                   lcanvas_got(L, -1));
    }
    for (int i = 0; i < 4; i++)
        if (sides[i] < 0) luaL_error(L, "margins.%s: expected a non-negative number, got %f", keys[i], sides[i]);
    out->margins = (canvas_insets){sides[0], sides[1], sides[2], sides[3]};
    lua_pop(L, 1);
}

static void read_placement(lua_State *L, int description, placement *out) {
    read_content_size(L, description, out);
    read_margins(L, description, out);

    out->anchor = (canvas_point){0.5, 0.5};
    if (lua_getfield(L, description, "content_anchor") != LUA_TNIL)
        out->anchor = lcanvas_unit_point(L, -1, "content_anchor");
    lua_pop(L, 1);

    out->direction = CANVAS_DIRECTION_LTR;
    if (lua_getfield(L, description, "direction") != LUA_TNIL) {
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        if (strcmp(name, "rtl") == 0) out->direction = CANVAS_DIRECTION_RTL;
        else if (strcmp(name, "ltr") != 0) luaL_error(L, "direction: expected \"ltr\" or \"rtl\"");
    }
    lua_pop(L, 1);
}

/* ---- viewport, backdrop and zoom ----------------------------------- */

/* How the canvas opens: the window onto it, its backdrop, its zoom. */
typedef struct opening {
    int has_viewport;
    canvas_size viewport;
    int has_x, has_y;               /* an offset to move to after sizing */
    canvas_point offset;
    double overscan;
    int has_anchor;
    canvas_point initial_anchor;
    int has_backdrop;
    canvas_backdrop_kind backdrop;
    double spacing, shape_size;     /* the dot radius or the line width */
} opening;

static double non_negative_field(lua_State *L, int table, const char *key, double fallback, const char *where) {
    double value = lcanvas_number_field(L, table, key, fallback, where);
    if (value < 0) luaL_error(L, "%s.%s: expected a non-negative number, got %f", where, key, value);
    return value;
}

static double positive_field(lua_State *L, int table, const char *key, double fallback, const char *where) {
    double value = lcanvas_number_field(L, table, key, fallback, where);
    if (value <= 0) luaL_error(L, "%s.%s: expected a positive number, got %f", where, key, value);
    return value;
}

static void read_viewport(lua_State *L, int description, opening *out) {
    static const char *const keys[] = {"width", "height", "x", "y", "overscan", NULL};
    int type = lua_getfield(L, description, "viewport");
    out->has_viewport = type != LUA_TNIL;
    if (out->has_viewport) {
        if (type != LUA_TTABLE)
            luaL_error(L, "viewport: expected {width=, height=, x=, y=, overscan=}, got %s", lcanvas_got(L, -1));
        int viewport = lua_gettop(L);
        lcanvas_check_keys(L, viewport, keys, "viewport");
        for (int i = 0; i < 2; i++)
            if (lua_getfield(L, viewport, keys[i]) == LUA_TNIL)
                luaL_error(L, "viewport: missing field '%s' (a viewport needs width and height)", keys[i]);
        lua_pop(L, 2);
        out->viewport.width = non_negative_field(L, viewport, "width", 0, "viewport");
        out->viewport.height = non_negative_field(L, viewport, "height", 0, "viewport");
        out->offset.x = lcanvas_number_field(L, viewport, "x", NAN, "viewport");
        out->offset.y = lcanvas_number_field(L, viewport, "y", NAN, "viewport");
        out->has_x = !isnan(out->offset.x);
        out->has_y = !isnan(out->offset.y);
        out->overscan = non_negative_field(L, viewport, "overscan", 128, "viewport");
    }
    lua_pop(L, 1);

    out->has_anchor = lua_getfield(L, description, "initial_anchor") != LUA_TNIL;
    if (out->has_anchor) out->initial_anchor = lcanvas_unit_point(L, -1, "initial_anchor");
    lua_pop(L, 1);
}

/* "none", or dots (spacing 24, radius 1.5 by default) or a grid (spacing
   24, line width 1; the engine draws 0 as a 0.5 hairline). */
static void read_backdrop(lua_State *L, int description, opening *out) {
    static const char *const usage =
        "expected \"none\", {kind = \"dots\", spacing=, radius=} or {kind = \"grid\", spacing=, line_width=}";
    static const char *const none_keys[] = {"kind", NULL};
    static const char *const dots_keys[] = {"kind", "spacing", "radius", NULL};
    static const char *const grid_keys[] = {"kind", "spacing", "line_width", NULL};
    int type = lua_getfield(L, description, "backdrop");
    out->has_backdrop = type != LUA_TNIL;
    out->backdrop = CANVAS_BACKDROP_NONE;
    out->spacing = out->shape_size = 0;
    if (type == LUA_TSTRING) {
        if (strcmp(lua_tostring(L, -1), "none") != 0)
            luaL_error(L, "backdrop: unknown backdrop '%s' (%s)", lua_tostring(L, -1), usage);
    } else if (type == LUA_TTABLE) {
        int backdrop = lua_gettop(L);
        lua_getfield(L, backdrop, "kind");
        const char *kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
        if (kind == NULL)
            luaL_error(L, "backdrop.kind: expected \"dots\", \"grid\" or \"none\", got %s", lcanvas_got(L, -1));
        if (strcmp(kind, "dots") == 0) {
            lcanvas_check_keys(L, backdrop, dots_keys, "backdrop (dots)");
            out->backdrop = CANVAS_BACKDROP_DOTS;
            out->spacing = positive_field(L, backdrop, "spacing", 24, "backdrop");
            out->shape_size = non_negative_field(L, backdrop, "radius", 1.5, "backdrop");
        } else if (strcmp(kind, "grid") == 0) {
            lcanvas_check_keys(L, backdrop, grid_keys, "backdrop (grid)");
            out->backdrop = CANVAS_BACKDROP_GRID;
            out->spacing = positive_field(L, backdrop, "spacing", 24, "backdrop");
            out->shape_size = non_negative_field(L, backdrop, "line_width", 1, "backdrop");
        } else if (strcmp(kind, "none") == 0) {
            lcanvas_check_keys(L, backdrop, none_keys, "backdrop (none)");
        } else {
            luaL_error(L, "backdrop.kind: unknown backdrop kind '%s' (expected \"dots\", \"grid\" or \"none\")", kind);
        }
        lua_pop(L, 1);
    } else if (type != LUA_TNIL) {
        luaL_error(L, "backdrop: %s, got %s", usage, lcanvas_got(L, -1));
    }
    lua_pop(L, 1);
}

typedef struct zoom_settings {
    int given;
    int has_scale;
    double scale;
    canvas_zoom_axis axis;
    double minimum, maximum, speed;
    const double *stops;            /* in a scratch userdata on the stack */
    size_t stop_count;
    int pinch_enabled, selection_during_zoom;
} zoom_settings;

static int boolean_field(lua_State *L, int table, const char *key, int fallback, const char *where) {
    int type = lua_getfield(L, table, key);
    if (type != LUA_TNIL && type != LUA_TBOOLEAN)
        luaL_error(L, "%s.%s: expected a boolean, got %s", where, key, lcanvas_got(L, -1));
    int value = type == LUA_TNIL ? fallback : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return value;
}

/* The engine's zoom axis in force, as a name. */
const char *lcanvas_zoom_axis_name(lua_State *L, lcanvas *canvas) {
    canvas_zoom_axis axis = CANVAS_ZOOM_HORIZONTAL;
    lcanvas_check_status(L, canvas, canvas_get_zoom_axis(canvas->engine, &axis));
    return axis == CANVAS_ZOOM_BOTH ? "both" : axis == CANVAS_ZOOM_VERTICAL ? "vertical" : "horizontal";
}

/* Reads zoom; pushes a scratch buffer for the stops when it is given. The
   defaults are the engine's: the layout's axis (CANVAS_ZOOM_AUTOMATIC:
   both on a free canvas, horizontal otherwise), 0.35...5, speed 1, no
   stops, pinches on, no selection during a pinch. */
static void read_zoom(lua_State *L, int description, zoom_settings *out) {
    static const char *const keys[] = {
        "scale", "axis", "min", "max", "speed", "stops", "allows_selection_during_zoom", "pinch_enabled", NULL,
    };
    static const char *const axes[] = {"horizontal", "vertical", "both", NULL};
    static const canvas_zoom_axis axis_values[] = {CANVAS_ZOOM_HORIZONTAL, CANVAS_ZOOM_VERTICAL, CANVAS_ZOOM_BOTH};
    *out = (zoom_settings){0, 0, 1, CANVAS_ZOOM_AUTOMATIC, 0.35, 5, 1, NULL, 0, 1, 0};
    int type = lua_getfield(L, description, "zoom");
    out->given = type != LUA_TNIL;
    if (!out->given) {
        lua_pop(L, 1);
        return;
    }
    if (type != LUA_TTABLE)
        luaL_error(L, "zoom: expected {scale=, axis=, min=, max=, speed=, stops=, ...}, got %s", lcanvas_got(L, -1));
    int zoom = lua_gettop(L);
    lcanvas_check_keys(L, zoom, keys, "zoom");
    out->has_scale = lua_getfield(L, zoom, "scale") != LUA_TNIL;
    lua_pop(L, 1);
    out->scale = positive_field(L, zoom, "scale", 1, "zoom");
    if (lua_getfield(L, zoom, "axis") != LUA_TNIL) {
        const char *name = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        int found = -1;
        for (int i = 0; axes[i]; i++)
            if (strcmp(name, axes[i]) == 0) found = i;
        if (found < 0) luaL_error(L, "zoom.axis: expected \"horizontal\", \"vertical\" or \"both\"");
        out->axis = axis_values[found];
    }
    lua_pop(L, 1);
    out->minimum = positive_field(L, zoom, "min", 0.35, "zoom");
    out->maximum = positive_field(L, zoom, "max", 5, "zoom");
    if (out->minimum > out->maximum)
        luaL_error(L, "zoom: min %f is above max %f", out->minimum, out->maximum);
    out->speed = positive_field(L, zoom, "speed", 1, "zoom");
    out->pinch_enabled = boolean_field(L, zoom, "pinch_enabled", 1, "zoom");
    out->selection_during_zoom = boolean_field(L, zoom, "allows_selection_during_zoom", 0, "zoom");

    type = lua_getfield(L, zoom, "stops");
    if (type != LUA_TNIL && type != LUA_TTABLE)
        luaL_error(L, "zoom.stops: expected an array of scales, got %s", lcanvas_got(L, -1));
    lua_Integer count = type == LUA_TTABLE ? luaL_len(L, -1) : 0;
    if (count < 0 || count > 4096) luaL_error(L, "zoom.stops: expected at most 4096 scales");
    double *stops = scratch(L, (size_t)count, sizeof *stops);
    char where[32];
    for (lua_Integer i = 1; i <= count; i++) {
        snprintf(where, sizeof where, "zoom.stops[%lld]", (long long)i);
        lua_geti(L, -2, i);
        stops[i - 1] = lcanvas_check_finite(L, -1, where, "");
        if (stops[i - 1] <= 0) luaL_error(L, "%s: expected a positive number, got %f", where, stops[i - 1]);
        lua_pop(L, 1);
    }
    out->stops = stops;
    out->stop_count = (size_t)count;
    lua_remove(L, -2);                      /* the stops table; the buffer stays */
    lua_remove(L, zoom);
}

static const char *const callback_keys[] = {"on_zoom", "on_zoom_begin", "on_zoom_end", NULL};

/* Checks on_zoom, on_zoom_begin and on_zoom_end; returns whether any is given. */
static int read_zoom_callbacks(lua_State *L, int description) {
    int any = 0;
    for (int i = 0; callback_keys[i]; i++) {
        int type = lua_getfield(L, description, callback_keys[i]);
        if (type != LUA_TNIL && type != LUA_TFUNCTION)
            luaL_error(L, "%s: expected a function(scale), got %s", callback_keys[i], lcanvas_got(L, -1));
        any |= type == LUA_TFUNCTION;
        lua_pop(L, 1);
    }
    return any;
}

/* ---- applying ------------------------------------------------------- */

static void apply_layout(lua_State *L, lcanvas *canvas, int self, const lcanvas_layout *layout, size_t count) {
    canvas_engine *engine = canvas->engine;
    switch (layout->kind) {
    case LCANVAS_FLOW:
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_flow(engine, layout->h_spacing, layout->v_spacing,
                                                               layout->flow_alignment, layout->max_width)));
        break;
    case LCANVAS_GRID: {
        int64_t columns = layout->columns;
        if (columns < 0) columns = (int64_t)ceil(sqrt((double)count));  /* square-ish by default */
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_grid(engine, columns, layout->h_spacing,
                                                               layout->v_spacing, layout->grid_alignment)));
        break;
    }
    case LCANVAS_TREE:
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_tree(engine, &layout->tree)));
        break;
    case LCANVAS_LAYERED:
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_layered(engine, &layout->layered)));
        break;
    case LCANVAS_CUSTOM:
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_custom_links(engine, lcanvas_place, canvas)));
        break;
    case LCANVAS_FREE:
        break;  /* lcanvas_set_free_frames, once the items are set */
    }
}

/* Zoom settings go through LCANVAS_CALL: narrowing limits may zoom, and
   the zoom callback hears of it. */
static void apply_zoom_settings(lua_State *L, int self, lcanvas *canvas, const zoom_settings *zoom) {
    canvas_engine *engine = canvas->engine;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_zoom_axis(engine, zoom->axis)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self,
                                                 canvas_set_zoom_limits(engine, zoom->minimum, zoom->maximum)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_zoom_speed(engine, zoom->speed)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self,
                                                 canvas_set_zoom_stops(engine, zoom->stops, zoom->stop_count)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self,
                                                 canvas_set_pinch_enabled(engine, zoom->pinch_enabled)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self,
                                                 canvas_set_selection_during_zoom(engine, zoom->selection_during_zoom)));
}

/*
** c:set_zoom_settings{scale=, axis=, min=, max=, speed=, stops=, ...}: the
** description's zoom key, at run time. Keys left out take their defaults,
** as in a description; narrowing the limits brings the zoom inside them,
** and a scale, when given, is set after the settings.
*/
void lcanvas_apply_zoom_table(lua_State *L, int self, int table) {
    self = lua_absindex(L, self);
    table = lua_absindex(L, table);
    lcanvas *canvas = lcanvas_check(L, self);
    int top = lua_gettop(L);
    lua_createtable(L, 0, 1);               /* read_zoom reads a description's zoom key */
    lua_pushvalue(L, table);
    lua_setfield(L, -2, "zoom");
    zoom_settings zoom;
    read_zoom(L, top + 1, &zoom);           /* may push the stops */
    apply_zoom_settings(L, self, canvas, &zoom);
    if (zoom.has_scale)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_zoom(canvas->engine, zoom.scale)));
    lua_settop(L, top);
}

/*
** c:set_layout(layout), c:set_margins(m), c:set_content_size(s),
** c:set_content_anchor(a), c:set_direction(d): one key of a description,
** read as a description reads it, applied to a live canvas. The value at
** `value` is checked in full before anything changes; the next resolve()
** lays the items out with it.
*/
void lcanvas_apply_option(lua_State *L, int self, const char *key, int value) {
    self = lua_absindex(L, self);
    value = lua_absindex(L, value);
    lcanvas *canvas = lcanvas_check(L, self);
    canvas_engine *engine = canvas->engine;
    int top = lua_gettop(L);
    lua_createtable(L, 0, 1);               /* the readers read a description's key */
    lua_pushvalue(L, value);
    lua_setfield(L, -2, key);
    int description = lua_gettop(L);
    if (strcmp(key, "layout") == 0) {
        lcanvas_layout layout;
        int place;
        read_layout(L, description, &layout, &place);   /* may push place */
        apply_layout(L, canvas, self, &layout, canvas_get_item_count(engine));
        /* A live canvas turns free at once: its items keep the frames they have. */
        if (layout.kind == LCANVAS_FREE) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_free(engine)));
        lua_getiuservalue(L, self, 1);
        if (place) lua_pushvalue(L, place); else lua_pushnil(L);
        lua_setfield(L, -2, "place");
        if (layout.kind == LCANVAS_FREE) lua_pushboolean(L, 1); else lua_pushnil(L);
        lua_setfield(L, -2, "free");
    } else {
        placement options;
        read_placement(L, description, &options);
        if (strcmp(key, "content_size") == 0)
            lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_content_size(engine, options.mode, options.size)));
        else if (strcmp(key, "margins") == 0)
            lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_margins(engine, options.margins)));
        else if (strcmp(key, "content_anchor") == 0)
            lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_content_anchor(engine, options.anchor)));
        else
            lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_direction(engine, options.direction)));
    }
    lua_settop(L, top);
}

/* Opens the window: size first (the engine applies the initial anchor the
   first time the viewport gets a size), then the offset when one is given. */
static void apply_viewport(lua_State *L, lcanvas *canvas, int self, const opening *open) {
    canvas_point offset = {open->has_x ? open->offset.x : NAN, open->has_y ? open->offset.y : NAN};
    const canvas_point *given = open->has_x || open->has_y ? &offset : NULL;  /* NaN keeps a coordinate */
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_viewport(canvas->engine, open->viewport, given, open->overscan, NULL)));
}

/* description.links, read once the items' ids are known (so a link can
   name them); a bad list fails the new canvas, as any setter may. */
static void apply_links(lua_State *L, lcanvas *canvas, int self, int state, int description) {
    if (lua_getfield(L, description, "links") == LUA_TNIL) {
        lua_pop(L, 1);
        return;
    }
    int list = lua_gettop(L);
    size_t count;
    const canvas_link *links = lcanvas_read_links(L, list, state, "links", 0, &count);
    canvas_status status = LCANVAS_CALL(L, canvas, self, canvas_set_links(canvas->engine, links, count));
    lcanvas_check_links_status(L, canvas, status, state, list, links, count, "links");
    lua_settop(L, list - 1);
}

static void set_flag(lua_State *L, int state, const char *key, int on) {
    if (!on) return;
    lua_pushboolean(L, 1);
    lua_setfield(L, state, key);
}

/*
** Reads the whole description, then applies it to the fresh canvas at
** self: settings, a resolve that measures until done, the zoom and the
** viewport it opens with, and finally the gestures, replayed in order.
*/
void lcanvas_apply_description(lua_State *L, int self, int description) {
    self = lua_absindex(L, self);
    description = lua_absindex(L, description);
    lcanvas *canvas = lcanvas_check(L, self);
    luaL_checktype(L, description, LUA_TTABLE);
    lcanvas_check_keys(L, description, description_keys, "description");
    lua_getiuservalue(L, self, 1);
    int state = lua_gettop(L);

    lcanvas_sizing sizing;
    canvas_size estimate = {0, 0};
    int has_estimate, has_measure;
    lcanvas_items list;
    lcanvas_layout layout;
    placement options;
    opening open;
    zoom_settings zoom;
    int place;
    read_sizing(L, description, &sizing, &has_estimate, &estimate, &has_measure);
    lua_getfield(L, description, "items");
    lcanvas_read_items(L, -1, state, &sizing, &list);  /* pushes ids and buffers */
    int ids = state + 2;
    read_layout(L, description, &layout, &place);      /* may push place */
    read_placement(L, description, &options);
    read_viewport(L, description, &open);
    read_backdrop(L, description, &open);
    read_zoom(L, description, &zoom);                  /* pushes the stops */
    int has_zoom_callbacks = read_zoom_callbacks(L, description);
    lcanvas_motion motion = {NAN, -1, -1, -1, -1, -1};
    int has_motion = lua_getfield(L, description, "motion") != LUA_TNIL;
    if (has_motion) lcanvas_read_motion(L, -1, "motion", &motion);
    lua_pop(L, 1);
    int trace = 0;
    if (lua_getfield(L, description, "trace") != LUA_TNIL) {
        if (!lua_isboolean(L, -1)) luaL_error(L, "trace: expected true or false, got %s", luaL_typename(L, -1));
        trace = lua_toboolean(L, -1);
    }
    lua_pop(L, 1);
    double lod_min_size = 0, lod_cell = 0;
    int has_lod = lua_getfield(L, description, "lod") != LUA_TNIL;
    if (has_lod) {
        lcanvas_read_lod(L, -1, "lod", &lod_min_size, &lod_cell);
        if (!(lod_min_size > 0) || !(lod_cell > 0))
            luaL_error(L, "lod: min_size and cell must be positive numbers");
    }
    lua_pop(L, 1);
    int gesture_count = 0, gestures = 0;
    if (lua_getfield(L, description, "gestures") != LUA_TNIL) {
        gesture_count = lcanvas_read_gestures(L, -1, state);  /* pushes them */
        gestures = lua_gettop(L);
    }

    /* Everything is valid: apply. Setters can still refuse (a busy engine).
       The callbacks come first, so they hear of everything that follows. */
    canvas_engine *engine = canvas->engine;
    lua_getfield(L, description, "measure");
    lua_setfield(L, state, "measure");
    for (int i = 0; callback_keys[i]; i++) {
        lua_getfield(L, description, callback_keys[i]);
        lua_setfield(L, state, callback_keys[i]);
    }
    if (has_zoom_callbacks)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_zoom_callback(engine, lcanvas_zoom, canvas)));
    if (has_estimate)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_estimated_item_size(engine, estimate)));
    if (has_measure)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_measure(engine, lcanvas_measure, canvas, 0)));

    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self,
                                                 lcanvas_set_items(engine, &list)));
    lua_pushvalue(L, ids);
    lua_setfield(L, state, "ids");
    lcanvas_commit_ids(L, state);
    if (sizing.uniform) lcanvas_push_size(L, sizing.size); else lua_pushnil(L);
    lua_setfield(L, state, "item_size");
    lua_pushboolean(L, sizing.measured);
    lua_setfield(L, state, "measured");
    if (place) lua_pushvalue(L, place); else lua_pushnil(L);
    lua_setfield(L, state, "place");
    apply_layout(L, canvas, self, &layout, list.count);
    if (layout.kind == LCANVAS_FREE) lcanvas_set_free_frames(L, canvas, self, state + 1, &list);
    set_flag(L, state, "free", layout.kind == LCANVAS_FREE);
    lcanvas_apply_editing(L, canvas, self, description);
    apply_links(L, canvas, self, state, description);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_content_size(engine, options.mode, options.size)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_margins(engine, options.margins)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_content_anchor(engine, options.anchor)));
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_layout_direction(engine, options.direction)));

    if (zoom.given) apply_zoom_settings(L, self, canvas, &zoom);
    if (open.has_backdrop)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_backdrop(engine, open.backdrop, open.spacing, open.shape_size)));
    if (open.has_anchor)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_initial_anchor(engine, open.initial_anchor)));
    set_flag(L, state, "show_viewport", open.has_viewport || has_lod);
    set_flag(L, state, "show_zoom", zoom.given || gestures);
    set_flag(L, state, "show_backdrop", open.has_backdrop);
    set_flag(L, state, "show_motion", has_motion || trace || lcanvas_gestures_move(L, gestures, gesture_count));
    set_flag(L, state, "show_trace", trace);
    set_flag(L, state, "show_lod", has_lod);
    if (has_lod) lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_lod(engine, lod_min_size, lod_cell, NULL)));
    if (has_motion) lcanvas_apply_motion(L, canvas, self, &motion);

    lcanvas_resolve(L, self);
    if (zoom.has_scale)
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, self, canvas_set_zoom(engine, zoom.scale)));
    if (open.has_viewport) apply_viewport(L, canvas, self, &open);
    if (gestures) lcanvas_replay_gestures(L, self, gestures, gesture_count);
    lua_settop(L, state - 1);
}
