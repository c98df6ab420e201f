/*
** lsetters.c: the canvas object's setters for what a description sets once
** (layout, margins, content size and anchor, direction), and the rest of
** the selection (deselect, clear_selection).
**
**     c:set_layout(canvas.grid{columns = 3}); c:set_margins(20); c:resolve()
**     c:deselect(17); c:clear_selection()
**
** Each setter takes the value its description key takes, checks it the
** same way, and changes nothing on an error. Like set_items, the change is
** laid out by the next resolve().
*/
#include "lcanvas_internal.h"

static int set_option(lua_State *L, const char *key) {
    lcanvas_check(L, 1);
    luaL_checkany(L, 2);
    lcanvas_apply_option(L, 1, key, 2);
    return 0;
}

/* c:set_layout("flow" | "grid" | canvas.flow{...} | canvas.grid{...} | place) */
static int m_set_layout(lua_State *L) { return set_option(L, "layout"); }
/* c:set_margins(number | {top=, leading=, bottom=, trailing=}) */
static int m_set_margins(lua_State *L) { return set_option(L, "margins"); }
/* c:set_content_size("automatic" | {w, h} | {at_least = {w, h}}) */
static int m_set_content_size(lua_State *L) { return set_option(L, "content_size"); }
/* c:set_content_anchor(name | {x=, y=}) */
static int m_set_content_anchor(lua_State *L) { return set_option(L, "content_anchor"); }
/* c:set_direction("ltr" | "rtl") */
static int m_set_direction(lua_State *L) { return set_option(L, "direction"); }

/* c:deselect(id): removes an item from the selection; an id that is not
   selected (or names no item) changes nothing, as in C. */
static int m_deselect(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int type = lua_type(L, 2);
    if (!(type == LUA_TSTRING || (type == LUA_TNUMBER && lua_isinteger(L, 2))))
        luaL_typeerror(L, 2, "an id (an integer or a string)");
    lua_getiuservalue(L, 1, 1);
    uint64_t id;
    if (lcanvas_known_id(L, lua_gettop(L), 2, &id))
        lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_deselect_id(canvas->engine, id)));
    return 0;
}

/* c:clear_selection(): selects nothing. */
static int m_clear_selection(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_clear_selection(canvas->engine)));
    return 0;
}

static const luaL_Reg setters[] = {
    {"set_layout", m_set_layout},
    {"set_margins", m_set_margins},
    {"set_content_size", m_set_content_size},
    {"set_content_anchor", m_set_content_anchor},
    {"set_direction", m_set_direction},
    {"deselect", m_deselect},
    {"clear_selection", m_clear_selection},
    {NULL, NULL},
};

void lcanvas_open_setters(lua_State *L) {
    luaL_setfuncs(L, setters, 0);
}
