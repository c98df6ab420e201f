/*
** llod.c: level of detail through canvas_query_lod.
**
**     c:visible_lod{min_size=, cell=}  -- {items = {{id=, x=, y=, width=, height=}, ...},
**                                      --  clusters = {{x=, y=, width=, height=, count=, id=, selected=}, ...}}
**     c:set_lod{min_size=, cell=}      -- published updates carry the answer (c:set_lod(false): off)
**     c:clusters()                     -- the published clusters
**
** A cluster's selected is how many of its items are selected, counted when
** read (canvas_copy_cluster_selection, canvas_query_lod_selection).
**
** Over the viewport's culling rectangle; min_size (default 8) and cell
** (default 16) in screen points. The rules are the engine's (canvas.h,
** canvas_query_lod). The description key lod = {min_size=, cell=} reads the
** same table (lcanvas_read_lod) and turns canvas_set_lod on, so results
** carry the published answer.
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
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_query_lod(canvas->engine, viewport, min_size, cell,
                                                     NULL, 0, &item_count, NULL, 0, &cluster_count)));
    canvas_visible_item *items = lua_newuserdatauv(L, item_count * sizeof *items + 1, 0);
    canvas_cluster *clusters = lua_newuserdatauv(L, cluster_count * sizeof *clusters + 1, 0);
    uint64_t *selected = lua_newuserdatauv(L, cluster_count * sizeof *selected + 1, 0);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_query_lod(canvas->engine, viewport, min_size, cell,
                                                     items, item_count, &item_count,
                                                     clusters, cluster_count, &cluster_count)));
    size_t selected_count = 0;
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_query_lod_selection(canvas->engine, viewport, min_size, cell,
                                                     selected, cluster_count, &selected_count)));
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
        lcanvas_push_cluster(L, state, &clusters[i], i < selected_count ? selected[i] : 0);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "clusters");
    lua_replace(L, -4);  /* over the item buffer */
    lua_pop(L, 2);       /* the cluster and selected buffers */
}

void lcanvas_push_cluster(lua_State *L, int state, const canvas_cluster *cluster, uint64_t selected) {
    lcanvas_push_rect(L, cluster->bounds);
    lua_pushinteger(L, (lua_Integer)cluster->count);
    lua_setfield(L, -2, "count");
    lcanvas_push_script_id(L, state, cluster->id);
    lua_setfield(L, -2, "id");
    lua_pushinteger(L, (lua_Integer)selected);
    lua_setfield(L, -2, "selected");
}

void lcanvas_push_clusters(lua_State *L, lcanvas *canvas, int state) {
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_clusters(canvas->engine, NULL, 0, &count));
    canvas_cluster *clusters = lua_newuserdatauv(L, count * sizeof *clusters + 1, 0);
    lcanvas_check_status(L, canvas, canvas_copy_clusters(canvas->engine, clusters, count, &count));
    uint64_t *selected = lua_newuserdatauv(L, count * sizeof *selected + 1, 0);
    size_t selected_count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_cluster_selection(canvas->engine, selected, count, &selected_count));
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lcanvas_push_cluster(L, state, &clusters[i], i < selected_count ? selected[i] : 0);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_replace(L, -3);  /* over the buffer */
    lua_pop(L, 1);       /* the selected buffer */
}

/* c:set_lod{min_size=, cell=}, or c:set_lod(false) to publish every item again */
static int m_set_lod(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_status status;
    if (lua_isboolean(L, 2) && !lua_toboolean(L, 2)) {
        status = LCANVAS_CALL(L, canvas, 1, canvas_clear_lod(canvas->engine, NULL));
    } else {
        double min_size, cell;
        lcanvas_read_lod(L, 2, "set_lod", &min_size, &cell);
        status = LCANVAS_CALL(L, canvas, 1, canvas_set_lod(canvas->engine, min_size, cell, NULL));
    }
    lcanvas_check_status(L, canvas, status);
    /* Results carry the clusters while it is on, as with the lod key. */
    lua_getiuservalue(L, 1, 1);
    lua_pushboolean(L, !(lua_isboolean(L, 2) && !lua_toboolean(L, 2)));
    lua_setfield(L, -2, "show_lod");
    return 0;
}

/* c:clusters() */
static int m_clusters(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lua_getiuservalue(L, 1, 1);
    lcanvas_push_clusters(L, canvas, lua_gettop(L));
    return 1;
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
    {"set_lod", m_set_lod},
    {"clusters", m_clusters},
    {NULL, NULL},
};

void lcanvas_open_lod_methods(lua_State *L) {
    luaL_setfuncs(L, lod_methods, 0);
}
