/*
** ldescription.c: reading a canvas description (the table a layout script
** returns) into an engine.
**
** Every value is checked before the engine sees it, and every complaint
** names the key, and the item where there is one ("items[3].width: expected
** a number, got nil"). Everything is read first and applied last, so a bad
** description leaves the canvas as it was.
*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lcanvas_internal.h"

/* More items than this is a mistake, not a canvas (and would not fit in memory). */
#define MAX_ITEMS ((lua_Integer)1 << 25)

static const char *const description_keys[] = {
    "items", "item_size", "layout", "content_size", "margins", "content_anchor", "direction", NULL,
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

typedef struct items {
    canvas_size *sizes;
    uint64_t *ids;
    size_t count;
} items;

/* Scratch memory owned by a userdata on the stack, so an error cannot leak it. */
static void *scratch(lua_State *L, size_t count, size_t element) {
    if (count > (SIZE_MAX - 1) / element) luaL_error(L, "items: too many to hold");
    return lua_newuserdatauv(L, count * element + 1, 0);
}

/* The size of one entry of an items array (on top of the stack). */
static canvas_size entry_size(lua_State *L, int entry, const char *where) {
    int top = lua_gettop(L);
    if (lua_getfield(L, entry, "width") == LUA_TNIL || lua_getfield(L, entry, "height") == LUA_TNIL)
        luaL_error(L, "%s: item has no size (give it width and height, or set item_size)", where);
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
        luaL_error(L, "%s.id: expected an integer or a string, got %s", where, luaL_typename(L, -1));
    }
}

/*
** Reads items and item_size. Pushes the array of script ids (data order)
** and the scratch buffers behind `out`.
*/
static void read_items(lua_State *L, int description, int state, items *out) {
    canvas_size uniform = {0, 0};
    lua_getfield(L, description, "item_size");
    int has_uniform = !lua_isnil(L, -1);
    if (has_uniform && !lcanvas_size_pair(L, -1, "item_size", &uniform))
        luaL_error(L, "item_size: expected {width, height}, got %s", luaL_typename(L, -1));
    lua_pop(L, 1);

    lua_getfield(L, description, "items");
    int source = lua_gettop(L);
    int counted = lua_isinteger(L, source);
    lua_Integer count = 0;
    if (counted) {
        count = lua_tointeger(L, source);
        if (count < 0) luaL_error(L, "items: expected a count of at least 0, got %I", count);
        if (count > 0 && !has_uniform)
            luaL_error(L, "items: a count of items needs item_size = {width, height}");
    } else if (lua_istable(L, source)) {
        count = luaL_len(L, source);
    } else if (!lua_isnil(L, source)) {
        luaL_error(L, "items: expected a count or an array of {id=, width=, height=}, got %s",
                   luaL_typename(L, source));
    }
    if (count > MAX_ITEMS)
        luaL_error(L, "items: %I items is more than the %I a canvas holds", count, MAX_ITEMS);

    out->count = (size_t)count;
    lua_createtable(L, (int)count, 0);
    int ids = lua_gettop(L);
    out->sizes = scratch(L, out->count, sizeof *out->sizes);
    out->ids = scratch(L, out->count, sizeof *out->ids);
    lua_newtable(L);                        /* seen: script id -> index, for duplicates */
    int seen = lua_gettop(L);

    char where[48];
    for (lua_Integer i = 1; i <= count; i++) {
        snprintf(where, sizeof where, "items[%lld]", (long long)i);
        canvas_size size = uniform;
        if (counted) {
            lua_pushinteger(L, i);          /* ids 1..N cannot repeat */
        } else {
            if (lua_geti(L, source, i) != LUA_TTABLE)
                luaL_error(L, "%s: expected a table {id=, width=, height=}, got %s", where, luaL_typename(L, -1));
            int entry = lua_gettop(L);
            if (!has_uniform) size = entry_size(L, entry, where);
            push_entry_id(L, entry, i, where);
            lua_remove(L, entry);
            lua_pushvalue(L, -1);
            if (lua_rawget(L, seen) != LUA_TNIL)
                luaL_error(L, "%s.id: duplicate id %s (also the id of items[%I])", where,
                           luaL_tolstring(L, -2, NULL), lua_tointeger(L, -1));
            lua_pop(L, 1);
            lua_pushvalue(L, -1);
            lua_pushinteger(L, i);
            lua_rawset(L, seen);
        }
        out->ids[i - 1] = lcanvas_engine_id(L, state, -1);
        out->sizes[i - 1] = size;
        lua_rawseti(L, ids, i);
    }
    lua_pop(L, 1);                          /* seen */
    lua_remove(L, source);
}

/* ---- layout --------------------------------------------------------- */

static const char *const flow_keys[] = {"kind", "h_spacing", "v_spacing", "alignment", "max_width", NULL};
static const char *const grid_keys[] = {"kind", "columns", "h_spacing", "v_spacing", "alignment", NULL};

static double spacing(lua_State *L, int table, const char *key, const char *where) {
    double value = lcanvas_number_field(L, table, key, 8, where);
    if (value < 0) luaL_error(L, "%s.%s: expected a non-negative number, got %f", where, key, value);
    return value;
}

/* Reads canvas.flow{...} or canvas.grid{...} settings; kind is "flow" or "grid". */
void lcanvas_read_layout_table(lua_State *L, int table, const char *kind, lcanvas_layout *out) {
    table = lua_absindex(L, table);
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
        "expected \"flow\", \"grid\", canvas.flow{...}, canvas.grid{...} or a function place(items, proposal)";
    *place = 0;
    int type = lua_getfield(L, description, "layout");
    if (type == LUA_TNIL || type == LUA_TSTRING) {
        const char *name = type == LUA_TNIL ? "flow" : lua_tostring(L, -1);
        if (strcmp(name, "flow") != 0 && strcmp(name, "grid") != 0)
            luaL_error(L, "layout: unknown layout '%s' (%s)", name, usage);
        lua_newtable(L);
        lcanvas_read_layout_table(L, -1, name, out);
        lua_pop(L, 2);
    } else if (type == LUA_TTABLE) {
        lua_getfield(L, -1, "kind");
        const char *kind = lua_tostring(L, -1);
        if (!kind || (strcmp(kind, "flow") != 0 && strcmp(kind, "grid") != 0))
            luaL_error(L, "layout: table without a known kind (%s)", usage);
        lcanvas_read_layout_table(L, -2, kind, out);
        lua_pop(L, 2);
    } else if (type == LUA_TFUNCTION) {
        out->kind = LCANVAS_CUSTOM;
        *place = lua_gettop(L);
    } else {
        luaL_error(L, "layout: %s, got %s", usage, luaL_typename(L, -1));
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
            luaL_error(L, "content_size.at_least: expected {width, height}, got %s", luaL_typename(L, -1));
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
                   luaL_typename(L, -1));
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

/* ---- applying ------------------------------------------------------- */

static void apply_layout(lua_State *L, lcanvas *canvas, const lcanvas_layout *layout, size_t count) {
    canvas_engine *engine = canvas->engine;
    switch (layout->kind) {
    case LCANVAS_FLOW:
        lcanvas_check_status(L, canvas, canvas_set_layout_flow(engine, layout->h_spacing, layout->v_spacing,
                                                               layout->flow_alignment, layout->max_width));
        break;
    case LCANVAS_GRID: {
        int64_t columns = layout->columns;
        if (columns < 0) columns = (int64_t)ceil(sqrt((double)count));  /* square-ish by default */
        lcanvas_check_status(L, canvas, canvas_set_layout_grid(engine, columns, layout->h_spacing,
                                                               layout->v_spacing, layout->grid_alignment));
        break;
    }
    case LCANVAS_CUSTOM:
        lcanvas_check_status(L, canvas, canvas_set_layout_custom(engine, lcanvas_place, canvas));
        break;
    }
}

void lcanvas_apply_description(lua_State *L, int self, int description) {
    self = lua_absindex(L, self);
    description = lua_absindex(L, description);
    lcanvas *canvas = lcanvas_check(L, self);
    luaL_checktype(L, description, LUA_TTABLE);
    lcanvas_check_keys(L, description, description_keys, "description");
    lua_getiuservalue(L, self, 1);
    int state = lua_gettop(L);

    items list;
    lcanvas_layout layout;
    placement options;
    int place;
    read_items(L, description, state, &list);           /* pushes ids and buffers */
    int ids = state + 1;
    read_layout(L, description, &layout, &place);      /* may push place */
    read_placement(L, description, &options);

    /* Everything is valid: apply. Setters can still refuse (a busy engine). */
    lcanvas_check_status(L, canvas, canvas_set_items(canvas->engine, list.sizes, list.ids, list.count));
    lua_pushvalue(L, ids);
    lua_setfield(L, state, "ids");
    if (place) lua_pushvalue(L, place); else lua_pushnil(L);
    lua_setfield(L, state, "place");
    apply_layout(L, canvas, &layout, list.count);
    lcanvas_check_status(L, canvas, canvas_set_content_size(canvas->engine, options.mode, options.size));
    lcanvas_check_status(L, canvas, canvas_set_margins(canvas->engine, options.margins));
    lcanvas_check_status(L, canvas, canvas_set_content_anchor(canvas->engine, options.anchor));
    lcanvas_check_status(L, canvas, canvas_set_layout_direction(canvas->engine, options.direction));
    lua_settop(L, state - 1);
}
