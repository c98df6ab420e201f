/*
** lreads.c: what a host reads every frame without c:result(), which copies
** a whole result:
**
**     c:count()              -- how many items the canvas holds now
**     c:publish_count()      -- grows when a tick, a viewport call or an edit published
**     c:marquee()            -- {x=, y=, width=, height=} while one is drawn, else nil
**     c:can_undo(), c:can_redo()
**     c:selection_version()  -- changes when the selection does
**
** and, for the edits, whether a call published (they return it).
*/
#include "lcanvas_internal.h"

uint64_t lcanvas_publish_count(lua_State *L, lcanvas *canvas) {
    uint64_t count = 0;
    lcanvas_check_status(L, canvas, canvas_get_publish_count(canvas->engine, &count));
    return count;
}

/* An edit's return value: true when it published (the count moved since before). */
int lcanvas_push_published(lua_State *L, lcanvas *canvas, uint64_t before) {
    lua_pushboolean(L, lcanvas_publish_count(L, canvas) != before);
    return 1;
}

static int m_count(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lua_pushinteger(L, (lua_Integer)canvas_get_item_count(canvas->engine));
    return 1;
}

static int m_publish_count(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lua_pushinteger(L, (lua_Integer)lcanvas_publish_count(L, canvas));
    return 1;
}

static int m_marquee(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_rect rect;
    int active = 0;
    lcanvas_check_status(L, canvas, canvas_get_marquee(canvas->engine, &rect, &active));
    if (active) lcanvas_push_rect(L, rect);
    else lua_pushnil(L);
    return 1;
}

static int history(lua_State *L, canvas_status (*ask)(const canvas_engine *, int *)) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int answer = 0;
    lcanvas_check_status(L, canvas, ask(canvas->engine, &answer));
    lua_pushboolean(L, answer);
    return 1;
}

static int m_can_undo(lua_State *L) { return history(L, canvas_can_undo); }
static int m_can_redo(lua_State *L) { return history(L, canvas_can_redo); }

static int m_selection_version(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t version = 0;
    lcanvas_check_status(L, canvas, canvas_get_selection_version(canvas->engine, &version));
    lua_pushinteger(L, (lua_Integer)version);
    return 1;
}

static const luaL_Reg read_methods[] = {
    {"count", m_count},
    {"publish_count", m_publish_count},
    {"marquee", m_marquee},
    {"can_undo", m_can_undo},
    {"can_redo", m_can_redo},
    {"selection_version", m_selection_version},
    {NULL, NULL},
};

void lcanvas_open_read_methods(lua_State *L) {
    luaL_setfuncs(L, read_methods, 0);
}
