/*
** llod.c: level of detail through canvas_query_lod.
**
**     c:visible_lod{min_size=, cell=}  -- {items = {{id=, x=, y=, width=, height=}, ...},
**                                      --  clusters = {{x=, y=, width=, height=, count=, id=}, ...}}
**
** Over the viewport's culling rectangle; min_size (default 2) and cell
** (default 16) in screen points. The rules are the engine's (canvas.h,
** canvas_query_lod). The description key lod = {min_size=, cell=} reads the
** same table (lcanvas_read_lod) and makes results carry the answer.
*/
#include <math.h>
#include <stdint.h>

#include "lcanvas_internal.h"

static const char *const lod_keys[] = {"min_size", "cell", NULL};

void lcanvas_read_lod(lua_State *L, int table, const char *where, double *min_size, double *cell) {
    *min_size = CANVAS_LOD_MIN_SIZE;
    *cell = CANVAS_LOD_CELL;
    if (lua_isnoneornil(L, table)) return;
    if (!lua_istable(L, table)) luaL_error(L, "%s: expected a table {min_size=, cell=}, got %s", where, luaL_typename(L, table));
    lcanvas_check_keys(L, table, lod_keys, where);
    *min_size = lcanvas_number_field(L, table, "min_size", *min_size, where);
    *cell = lcanvas_number_field(L, table, "cell", *cell, where);
}

void lcanvas_push_lod(lua_State *L, lcanvas *canvas, int state, double min_size, double cell) {
    canvas_rect viewport = {0, 0, 0, 0};  /* the culling rectangle */
    size_t item_count = 0, cluster_count = 0;
    lcanvas_check_status(L, canvas, canvas_query_lod(canvas->engine, viewport, min_size, cell,
                                                     NULL, 0, &item_count, NULL, 0, &cluster_count));
    canvas_visible_item *items = lua_newuserdatauv(L, item_count * sizeof *items + 1, 0);
    canvas_cluster *clusters = lua_newuserdatauv(L, cluster_count * sizeof *clusters + 1, 0);
    lcanvas_check_status(L, canvas, canvas_query_lod(canvas->engine, viewport, min_size, cell,
                                                     items, item_count, &item_count,
                                                     clusters, cluster_count, &cluster_count));
    lua_createtable(L, 0, 2);
    lua_createtable(L, item_count < INT32_MAX ? (int)item_count : INT32_MAX, 0);
    for (size_t i = 0; i < item_count; i++) {
        lcanvas_push_rect(L, items[i].frame);
        lcanvas_push_script_id(L, state, items[i].id);
        lua_setfield(L, -2, "id");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "items");
    lua_createtable(L, cluster_count < INT32_MAX ? (int)cluster_count : INT32_MAX, 0);
    for (size_t i = 0; i < cluster_count; i++) {
        lcanvas_push_rect(L, clusters[i].bounds);
        lua_pushinteger(L, (lua_Integer)clusters[i].count);
        lua_setfield(L, -2, "count");
        lcanvas_push_script_id(L, state, clusters[i].id);
        lua_setfield(L, -2, "id");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "clusters");
    lua_replace(L, -3);  /* over the item buffer */
    lua_pop(L, 1);       /* the cluster buffer */
}

/* c:visible_lod{min_size=, cell=} */
static int m_visible_lod(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    double min_size, cell;
    lcanvas_read_lod(L, 2, "visible_lod", &min_size, &cell);
    lua_getiuservalue(L, 1, 1);
    lcanvas_push_lod(L, canvas, lua_gettop(L), min_size, cell);
    return 1;
}

static const luaL_Reg lod_methods[] = {
    {"visible_lod", m_visible_lod},
    {NULL, NULL},
};

void lcanvas_open_lod_methods(lua_State *L) {
    luaL_setfuncs(L, lod_methods, 0);
}
