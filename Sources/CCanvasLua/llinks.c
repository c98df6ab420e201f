/*
** llinks.c: links between items, through canvas.h's link functions.
**
**     canvas.new{items = {{id = "a", ...}, {id = "b", ...}},
**                links = {{from = "a", to = "b", style = "curve", from_side = "bottom"}}}
**     c:links()                   -- {{id=, from=, to=, style=, from_side=, to_side=}, ...}
**     c:link_route(1)             -- {{x, y}, ...}: a polyline, or a curve's four control points
**     c:visible_links(); c:query_links{x=, y=, width=, height=}; c:hit_test_link(x, y)
**     c:appeared_links(); c:disappeared_links()   -- the last published update's
**     c:cluster_links()           -- with lod: {{from=, to=, count=, from_kind="cluster"|"item", to_kind=}, ...}
**     c:select_link(7, true); c:selected_links(); c:deselect_link(7); c:clear_link_selection()
**     c:set_marquee_links(true)   -- the select tool's marquee takes links too (c:marquee_links())
**     c:insert_links({{id = 7, from = "b", to = "a"}}, before_id); c:remove_links{7}
**
** A link's from and to are item ids as the script gives them; a link's own
** id is a non-negative integer, by default its position in the list (in a
** description or set_links; insert_links needs ids). Style "straight"
** (default), "step" or "curve"; sides "auto" (default), "top", "bottom",
** "leading", "trailing". Routes are in zoomed content coordinates, as frames.
**
** Bad lists are diagnosed after the engine refused them, so a good list
** costs one pass: the messages name the link and the key ("links[3].to: no
** item has id 'x'").
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lcanvas_internal.h"

const char *const lcanvas_link_styles[] = {"straight", "step", "curve", NULL};      /* canvas_link_style order */
const char *const lcanvas_link_sides[] = {"auto", "top", "bottom", "leading", "trailing", NULL};  /* canvas_side order */

static const char *const link_keys[] = {"id", "from", "to", "style", "from_side", "to_side", NULL};

/* The index of the name at t[key] among names, or fallback when it is nil. */
static int name_field(lua_State *L, int table, const char *key, const char *const *names, int fallback, const char *where) {
    int type = lua_getfield(L, table, key);
    int found = fallback;
    if (type != LUA_TNIL) {
        found = -1;
        if (type == LUA_TSTRING)
            for (int i = 0; names[i] && found < 0; i++)
                if (strcmp(names[i], lua_tostring(L, -1)) == 0) found = i;
        if (found < 0) {
            luaL_Buffer b;
            luaL_buffinit(L, &b);
            for (int i = 0; names[i]; i++) {
                luaL_addstring(&b, i ? (names[i + 1] ? ", \"" : " or \"") : "\"");
                luaL_addstring(&b, names[i]);
                luaL_addchar(&b, '"');
            }
            luaL_pushresult(&b);
            luaL_error(L, "%s.%s: expected %s, got %s", where, key, lua_tostring(L, -1), lcanvas_got(L, -2));
        }
    }
    lua_pop(L, 1);
    return found;
}

/* The item id at t[key]: required, an integer or a string the canvas knows. */
static uint64_t end_field(lua_State *L, int table, int state, const char *key, const char *where) {
    int type = lua_getfield(L, table, key);
    if (type == LUA_TNIL) luaL_error(L, "%s: missing field '%s' (an item id)", where, key);
    if (!(type == LUA_TSTRING || (type == LUA_TNUMBER && lua_isinteger(L, -1))))
        luaL_error(L, "%s.%s: expected an item id (an integer or a string), got %s", where, key, lcanvas_got(L, -1));
    uint64_t id;
    if (!lcanvas_known_id(L, state, -1, &id))
        luaL_error(L, "%s.%s: no item has id %s", where, key, luaL_tolstring(L, -1, NULL));
    lua_pop(L, 1);
    return id;
}

canvas_link *lcanvas_read_links(lua_State *L, int list, int state, const char *where, int ids_required, size_t *count) {
    list = lua_absindex(L, list);
    state = lua_absindex(L, state);
    if (!lua_istable(L, list))
        luaL_error(L, "%s: expected an array of links {{from=, to=}, ...}, got %s", where, lcanvas_got(L, list));
    lua_Integer n = luaL_len(L, list);
    if (n < 0 || (lua_Unsigned)n > (SIZE_MAX - 1) / sizeof(canvas_link) || n > ((lua_Integer)1 << 26))
        luaL_error(L, "%s: too many links", where);
    canvas_link *links = lua_newuserdatauv(L, (size_t)n * sizeof *links + 1, 0);
    char at[64];
    for (lua_Integer i = 1; i <= n; i++) {
        snprintf(at, sizeof at, "%s[%lld]", where, (long long)i);
        if (lua_geti(L, list, i) != LUA_TTABLE)
            luaL_error(L, "%s: expected a table {id=, from=, to=, style=, from_side=, to_side=}, got %s", at, lcanvas_got(L, -1));
        int link = lua_gettop(L);
        lcanvas_check_keys(L, link, link_keys, at);
        canvas_link *out = &links[i - 1];
        int type = lua_getfield(L, link, "id");
        if (type == LUA_TNIL) {
            if (ids_required) luaL_error(L, "%s: missing field 'id' (a link id, a non-negative integer)", at);
            out->id = (uint64_t)i;
        } else {
            if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0)
                luaL_error(L, "%s.id: expected a link id (a non-negative integer), got %s", at, lcanvas_got(L, -1));
            out->id = (uint64_t)lua_tointeger(L, -1);
        }
        lua_pop(L, 1);
        out->source = end_field(L, link, state, "from", at);
        out->target = end_field(L, link, state, "to", at);
        if (out->source == out->target) {
            lua_getfield(L, link, "from");
            luaL_error(L, "%s: from and to are the same item (%s): a link joins two items", at, luaL_tolstring(L, -1, NULL));
        }
        out->style = name_field(L, link, "style", lcanvas_link_styles, CANVAS_LINK_STRAIGHT, at);
        out->source_side = name_field(L, link, "from_side", lcanvas_link_sides, CANVAS_SIDE_AUTO, at);
        out->target_side = name_field(L, link, "to_side", lcanvas_link_sides, CANVAS_SIDE_AUTO, at);
        lua_pop(L, 1);
    }
    *count = (size_t)n;
    return links;
}

static int compare_ids(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* A link's id and its 1-based place in the list, sorted by id. */
typedef struct placed_id { uint64_t id; lua_Integer at; } placed_id;

static int compare_placed(const void *a, const void *b) {
    const placed_id *x = a, *y = b;
    if (x->id != y->id) return x->id < y->id ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

/* Finds the first link end naming no item: through the resolved ids when
   they are all the items' (a resolved canvas), else through the script's
   ids in data order the state keeps (a description before its resolve). */
static int find_missing_end(lua_State *L, lcanvas *canvas, int state, int list, const canvas_link *links,
                            size_t count, size_t *index, size_t *end) {
    int top = lua_gettop(L);
    size_t items = canvas_get_item_count(canvas->engine);
    uint64_t *resolved = NULL;
    size_t resolved_count = 0;
    int ids = 0;
    if (canvas_copy_ids(canvas->engine, NULL, 0, &resolved_count) == CANVAS_OK && resolved_count == items) {
        resolved = lua_newuserdatauv(L, resolved_count * sizeof *resolved + 1, 0);
        if (canvas_copy_ids(canvas->engine, resolved, resolved_count, &resolved_count) != CANVAS_OK) {
            lua_settop(L, top);
            return 0;
        }
        qsort(resolved, resolved_count, sizeof *resolved, compare_ids);
    } else {
        lua_getfield(L, state, "ids");
        ids = lua_gettop(L);
        if (lua_istable(L, ids) && lua_rawlen(L, ids) == items) {   /* a set of the script's ids */
            lua_createtable(L, 0, (int)(items < INT32_MAX ? items : INT32_MAX));
            for (size_t i = 1; i <= items; i++) {
                lua_rawgeti(L, ids, (lua_Integer)i);
                lua_pushboolean(L, 1);
                lua_rawset(L, -3);
            }
            lua_replace(L, ids);
        } else if (!(lua_isinteger(L, ids) && (size_t)lua_tointeger(L, ids) == items)) {
            lua_settop(L, top);
            return 0;
        }
    }
    for (size_t i = 0; i < count; i++) {
        for (int e = 0; e < 2; e++) {
            int found;
            if (resolved) {
                uint64_t id = e ? links[i].target : links[i].source;
                found = bsearch(&id, resolved, resolved_count, sizeof *resolved, compare_ids) != NULL;
            } else {
                lua_geti(L, list, (lua_Integer)i + 1);
                lua_getfield(L, -1, e ? "to" : "from");
                if (lua_istable(L, ids)) {
                    found = lua_rawget(L, ids) != LUA_TNIL;
                } else {
                    lua_Integer n = lua_tointeger(L, -1);
                    found = lua_isinteger(L, -1) && n >= 1 && (size_t)n <= items;
                }
                lua_pop(L, 2);
            }
            if (!found) {
                *index = i;
                *end = (size_t)e;
                lua_settop(L, top);
                return 1;
            }
        }
    }
    lua_settop(L, top);
    return 0;
}

/* Raises what was wrong with the list at `list` the engine refused with
   status, naming the link and key when it can tell; the engine's message
   otherwise. Only the failing path pays for the sorting. */
void lcanvas_check_links_status(lua_State *L, lcanvas *canvas, canvas_status status, int state, int list,
                                const canvas_link *links, size_t count, const char *where) {
    if (status == CANVAS_OK) return;
    list = lua_absindex(L, list);
    state = lua_absindex(L, state);
    if (status == CANVAS_ERR_NOT_FOUND) {
        size_t index = 0, end = 0;
        if (find_missing_end(L, canvas, state, list, links, count, &index, &end)) {
            lua_geti(L, list, (lua_Integer)index + 1);
            lua_getfield(L, -1, end ? "to" : "from");
            luaL_error(L, "%s[%d].%s: no item has id %s", where, (int)index + 1, end ? "to" : "from",
                       luaL_tolstring(L, -1, NULL));
        }
    } else if (status == CANVAS_ERR_INVALID_ARGUMENT) {
        placed_id *sorted = lua_newuserdatauv(L, count * sizeof *sorted + 1, 0);
        for (size_t i = 0; i < count; i++) sorted[i] = (placed_id){links[i].id, (lua_Integer)i + 1};
        qsort(sorted, count, sizeof *sorted, compare_placed);
        for (size_t i = 1; i < count; i++)
            if (sorted[i].id == sorted[i - 1].id)
                luaL_error(L, "%s[%I].id: duplicate link id %I (also the id of %s[%I])", where, sorted[i].at,
                           (lua_Integer)sorted[i].id, where, sorted[i - 1].at);
    }
    luaL_error(L, "%s: %s", where, canvas_engine_last_error(canvas->engine));
}

/* ---- out ---------------------------------------------------------------- */

/* Whether a link has id: for failing paths only (it copies every link). */
static int link_exists(lua_State *L, lcanvas *canvas, uint64_t id) {
    size_t count = 0;
    if (canvas_copy_links(canvas->engine, NULL, 0, &count) != CANVAS_OK) return 0;
    canvas_link *links = lua_newuserdatauv(L, count * sizeof *links + 1, 0);
    int found = 0;
    if (canvas_copy_links(canvas->engine, links, count, &count) == CANVAS_OK)
        for (size_t i = 0; i < count && !found; i++) found = links[i].id == id;
    lua_pop(L, 1);
    return found;
}

/* Pushes the route of link id as {{x, y}, ...}; an empty array when its
   ends have no frames yet. Returns 0 (pushing nothing) when no link has the id. */
static int push_route(lua_State *L, lcanvas *canvas, uint64_t id) {
    canvas_point fixed[16];
    canvas_point *points = fixed;
    size_t count = 0;
    int scratch = 0;
    canvas_status status = canvas_copy_link_route(canvas->engine, id, points, 16, &count);
    if (status == CANVAS_ERR_BUFFER_TOO_SMALL) {
        points = lua_newuserdatauv(L, count * sizeof *points + 1, 0);
        scratch = 1;
        status = canvas_copy_link_route(canvas->engine, id, points, count, &count);
    }
    if (status == CANVAS_ERR_NOT_FOUND) {
        if (!link_exists(L, canvas, id)) {
            if (scratch) lua_pop(L, 1);
            return 0;
        }
        count = 0;                          /* its ends have no frames yet */
        status = CANVAS_OK;
    }
    lcanvas_check_status(L, canvas, status);
    lua_createtable(L, (int)count, 0);
    for (size_t i = 0; i < count; i++) {
        lua_createtable(L, 2, 0);
        lua_pushnumber(L, points[i].x);
        lua_rawseti(L, -2, 1);
        lua_pushnumber(L, points[i].y);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    if (scratch) lua_remove(L, -2);
    return 1;
}

/* Copies every link into a scratch userdata it pushes. */
static canvas_link *copy_links(lua_State *L, lcanvas *canvas, size_t *count) {
    *count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_links(canvas->engine, NULL, 0, count));
    canvas_link *links = lua_newuserdatauv(L, *count * sizeof *links + 1, 0);
    lcanvas_check_status(L, canvas, canvas_copy_links(canvas->engine, links, *count, count));
    return links;
}

static void push_link_fields(lua_State *L, int state, const canvas_link *link) {
    lua_pushinteger(L, (lua_Integer)link->id);
    lua_setfield(L, -2, "id");
    lcanvas_push_script_id(L, state, link->source);
    lua_setfield(L, -2, "from");
    lcanvas_push_script_id(L, state, link->target);
    lua_setfield(L, -2, "to");
    lua_pushstring(L, link->style >= 0 && link->style <= 2 ? lcanvas_link_styles[link->style] : "straight");
    lua_setfield(L, -2, "style");
}

/* result.links: {{id=, from=, to=, style=, points={{x, y}, ...}}, ...}; returns 0 (pushing nothing) without links. */
int lcanvas_push_result_links(lua_State *L, lcanvas *canvas, int state) {
    state = lua_absindex(L, state);
    size_t count;
    const canvas_link *links = copy_links(L, canvas, &count);
    if (count == 0) {
        lua_pop(L, 1);
        return 0;
    }
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lua_createtable(L, 0, 5);
        push_link_fields(L, state, &links[i]);
        if (!push_route(L, canvas, links[i].id)) lua_newtable(L);
        lua_setfield(L, -2, "points");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_remove(L, -2);
    return 1;
}

/* c:links() */
static int m_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    size_t count;
    const canvas_link *links = copy_links(L, canvas, &count);
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lua_createtable(L, 0, 6);
        push_link_fields(L, state, &links[i]);
        int source = links[i].source_side, target = links[i].target_side;
        lua_pushstring(L, source >= 0 && source <= 4 ? lcanvas_link_sides[source] : "auto");
        lua_setfield(L, -2, "from_side");
        lua_pushstring(L, target >= 0 && target <= 4 ? lcanvas_link_sides[target] : "auto");
        lua_setfield(L, -2, "to_side");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* A link id argument: a non-negative integer. */
static uint64_t check_link_id(lua_State *L, int arg) {
    lua_Integer id = luaL_checkinteger(L, arg);
    luaL_argcheck(L, id >= 0, arg, "expected a link id (a non-negative integer)");
    return (uint64_t)id;
}

/* c:link_route(id) -> {{x, y}, ...} ({} before the ends have frames); raises for an unknown link. */
static int m_link_route(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t id = check_link_id(L, 2);
    if (!push_route(L, canvas, id)) return luaL_error(L, "link_route: no link has id %I", (lua_Integer)id);
    return 1;
}

static void push_link_ids(lua_State *L, const uint64_t *ids, size_t count) {
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lua_pushinteger(L, (lua_Integer)ids[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

void lcanvas_push_link_ids(lua_State *L, lcanvas *canvas, lcanvas_copy_fn copy) {
    size_t count;
    const uint64_t *ids = lcanvas_copy_ids_to_buffer(L, canvas, copy, &count);
    push_link_ids(L, ids, count);
    lua_remove(L, -2);
}

/* Sets visible_links, appeared_links and disappeared_links on the update table on top. */
void lcanvas_push_link_update(lua_State *L, lcanvas *canvas) {
    lcanvas_push_link_ids(L, canvas, canvas_copy_visible_links);
    lua_setfield(L, -2, "visible_links");
    lcanvas_push_link_ids(L, canvas, canvas_copy_appeared_links);
    lua_setfield(L, -2, "appeared_links");
    lcanvas_push_link_ids(L, canvas, canvas_copy_disappeared_links);
    lua_setfield(L, -2, "disappeared_links");
}

/* The published cluster links: {{from=, to=, count=, from_kind=, to_kind=}, ...}; ends as script ids
   (a cluster by its id, the first of its items), kinds "cluster" or "item". */
void lcanvas_push_cluster_links(lua_State *L, lcanvas *canvas, int state) {
    state = lua_absindex(L, state);
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_copy_cluster_links(canvas->engine, NULL, 0, &count));
    canvas_cluster_link *pairs = lua_newuserdatauv(L, count * sizeof *pairs + 1, 0);
    lcanvas_check_status(L, canvas, canvas_copy_cluster_links(canvas->engine, pairs, count, &count));
    lua_createtable(L, count < INT32_MAX ? (int)count : INT32_MAX, 0);
    for (size_t i = 0; i < count; i++) {
        lua_createtable(L, 0, 5);
        lcanvas_push_script_id(L, state, pairs[i].from);
        lua_setfield(L, -2, "from");
        lcanvas_push_script_id(L, state, pairs[i].to);
        lua_setfield(L, -2, "to");
        lua_pushinteger(L, (lua_Integer)pairs[i].count);
        lua_setfield(L, -2, "count");
        lua_pushstring(L, pairs[i].from_kind == CANVAS_HIT_CLUSTER ? "cluster" : "item");
        lua_setfield(L, -2, "from_kind");
        lua_pushstring(L, pairs[i].to_kind == CANVAS_HIT_CLUSTER ? "cluster" : "item");
        lua_setfield(L, -2, "to_kind");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_remove(L, -2);
}

/* c:appeared_links(), c:disappeared_links(): what the last published update brought in and took out. */
static int m_appeared_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_push_link_ids(L, canvas, canvas_copy_appeared_links);
    return 1;
}

static int m_disappeared_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_push_link_ids(L, canvas, canvas_copy_disappeared_links);
    return 1;
}

/* c:cluster_links() */
static int m_cluster_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int state = lcanvas_push_state(L);
    lcanvas_push_cluster_links(L, canvas, state);
    return 1;
}

/* c:visible_links() */
static int m_visible_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_push_link_ids(L, canvas, canvas_copy_visible_links);
    return 1;
}

/* c:query_links{x=, y=, width=, height=}: zoomed content coordinates, as c:query. */
static int m_query_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    canvas_rect rect = lcanvas_rect_table(L, 2, "query_links");
    size_t count = 0;
    lcanvas_check_status(L, canvas, canvas_query_links(canvas->engine, rect, NULL, 0, &count));
    uint64_t *ids = lua_newuserdatauv(L, count * sizeof *ids + 1, 0);
    lcanvas_check_status(L, canvas, canvas_query_links(canvas->engine, rect, ids, count, &count));
    push_link_ids(L, ids, count);
    return 1;
}

/* c:hit_test_link(x, y) -> the link's id, or nil */
static int m_hit_test_link(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    canvas_point point = {lcanvas_finite_arg(L, 2), lcanvas_finite_arg(L, 3)};
    uint64_t id = 0;
    int found = 0;
    lcanvas_check_status(L, canvas, canvas_hit_test_link(canvas->engine, point, &id, &found));
    if (found) lua_pushinteger(L, (lua_Integer)id);
    else lua_pushnil(L);
    return 1;
}

static int batching(lua_State *L, int state) {
    lua_getfield(L, state, "batching");
    int on = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return on;
}

/* c:set_links(links): replaces them (and clears the undo history, as the engine does). */
static int m_set_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    lua_settop(L, 2);
    int state = lcanvas_push_state(L);
    size_t count;
    const canvas_link *links = lcanvas_read_links(L, 2, state, "set_links", 0, &count);
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_set_links(canvas->engine, links, count));
    lcanvas_check_links_status(L, canvas, status, state, 2, links, count, "set_links");
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:insert_links(links, before_id): before the link before_id, or at the end; one undo step. */
static int m_insert_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    int has_before = !lua_isnoneornil(L, 3);
    uint64_t before = has_before ? check_link_id(L, 3) : 0;
    lua_settop(L, 3);
    int state = lcanvas_push_state(L);
    size_t count;
    const canvas_link *links = lcanvas_read_links(L, 2, state, "insert_links", 1, &count);
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_insert_links(canvas->engine, links, count,
                                                                        has_before ? &before : NULL));
    if (status == CANVAS_ERR_NOT_FOUND && has_before) {
        if (!link_exists(L, canvas, before))   /* an unknown before_id rather than an unknown end */
            return luaL_error(L, "insert_links: no link has id %I (before_id)", (lua_Integer)before);
    }
    lcanvas_check_links_status(L, canvas, status, state, 2, links, count, "insert_links");
    if (count > 0 && !batching(L, state)) lcanvas_note_edit(L, canvas, state);
    return lcanvas_push_published(L, canvas, count_before);
}

/* c:remove_links(ids): one undo step. */
static int m_remove_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t count_before = lcanvas_publish_count(L, canvas);
    luaL_checktype(L, 2, LUA_TTABLE);
    int state = lcanvas_push_state(L);
    lua_Integer n = luaL_len(L, 2);
    if (n < 0 || n > ((lua_Integer)1 << 26)) return luaL_error(L, "remove_links: too many ids");
    uint64_t *ids = lua_newuserdatauv(L, (size_t)n * sizeof *ids + 1, 0);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 2, i);
        if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0)
            return luaL_error(L, "remove_links[%I]: expected a link id (a non-negative integer), got %s", i, lcanvas_got(L, -1));
        ids[i - 1] = (uint64_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_remove_links(canvas->engine, ids, (size_t)n));
    if (status != CANVAS_OK) return luaL_error(L, "remove_links: %s", canvas_engine_last_error(canvas->engine));
    if (n > 0 && !batching(L, state)) lcanvas_note_edit(L, canvas, state);
    return lcanvas_push_published(L, canvas, count_before);
}

/* ---- selection ------------------------------------------------------------ */

/* c:select_link(id, add): alone (the selected items and links cleared), or added with add = true. */
static int m_select_link(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t id = check_link_id(L, 2);
    int add = lua_toboolean(L, 3);
    canvas_status status = LCANVAS_CALL(L, canvas, 1, canvas_select_link(canvas->engine, id, add));
    if (status == CANVAS_ERR_NOT_FOUND) return luaL_error(L, "select_link: no link has id %I", (lua_Integer)id);
    lcanvas_check_status(L, canvas, status);
    lcanvas_show(L, "show_zoom");            /* results carry the selection from now on, as select_id does */
    return 0;
}

/* c:deselect_link(id): a link not selected (or not there) changes nothing. */
static int m_deselect_link(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    uint64_t id = check_link_id(L, 2);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_deselect_link(canvas->engine, id)));
    return 0;
}

static int m_clear_link_selection(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_clear_link_selection(canvas->engine)));
    return 0;
}

/* c:selected_links() -> link ids, in link order */
static int m_selected_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    lcanvas_push_link_ids(L, canvas, canvas_copy_selected_links);
    return 1;
}

/* c:set_marquee_links(on): whether the select tool's marquee selects links too. */
static int m_set_marquee_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    luaL_checktype(L, 2, LUA_TBOOLEAN);
    lcanvas_check_status(L, canvas, LCANVAS_CALL(L, canvas, 1, canvas_set_marquee_links(canvas->engine, lua_toboolean(L, 2))));
    return 0;
}

static int m_marquee_links(lua_State *L) {
    lcanvas *canvas = lcanvas_check(L, 1);
    int on = 0;
    lcanvas_check_status(L, canvas, canvas_get_marquee_links(canvas->engine, &on));
    lua_pushboolean(L, on);
    return 1;
}

static const luaL_Reg link_methods[] = {
    {"select_link", m_select_link},
    {"deselect_link", m_deselect_link},
    {"clear_link_selection", m_clear_link_selection},
    {"selected_links", m_selected_links},
    {"set_marquee_links", m_set_marquee_links},
    {"marquee_links", m_marquee_links},
    {"links", m_links},
    {"set_links", m_set_links},
    {"link_route", m_link_route},
    {"visible_links", m_visible_links},
    {"appeared_links", m_appeared_links},
    {"disappeared_links", m_disappeared_links},
    {"cluster_links", m_cluster_links},
    {"query_links", m_query_links},
    {"hit_test_link", m_hit_test_link},
    {"insert_links", m_insert_links},
    {"remove_links", m_remove_links},
    {NULL, NULL},
};

void lcanvas_open_link_methods(lua_State *L) {
    luaL_setfuncs(L, link_methods, 0);
}
