/*
** lplace.c: a Lua function as a canvas_place_links_fn: place(items,
** proposal, links), links given only to a function that takes three
** parameters (or varargs).
**
** The engine calls lcanvas_place from inside canvas_resolve, with Swift
** frames below us on the C stack, so its Lua work (place_protected) runs
** through lcanvas_callback, which keeps every Lua error on this side.
*/
#include <math.h>
#include <stdio.h>

#include "lcanvas_internal.h"

typedef struct place_call {
    const canvas_layout_item *items;
    size_t count;
    const canvas_layout_link *links;
    size_t link_count;
    double proposal_width, proposal_height;
    canvas_rect *frames_out;
    int collector_paused;   /* set while push_items holds the collector */
} place_call;

static const char *const frame_keys[4] = {"x", "y", "width", "height"};

/* Raises the precise complaint about frame i (1-based), the table on top of
   the stack. Kept off the common path: formatting a location for every frame
   of a good layout would cost more than reading it. */
static void report_frame(lua_State *L, lua_Integer i) {
    double values[4];
    char where[64];
    snprintf(where, sizeof where, "place: frame %lld", (long long)i);
    if (!lua_istable(L, -1))
        luaL_error(L, "%s: expected a table {x=, y=, width=, height=}, got %s", where, lcanvas_got(L, -1));
    for (int k = 0; k < 4; k++) {
        if (lua_getfield(L, -1, frame_keys[k]) == LUA_TNIL)
            luaL_error(L, "%s: missing field '%s'", where, frame_keys[k]);
        values[k] = lcanvas_check_finite(L, -1, where, frame_keys[k]);
        lua_pop(L, 1);
    }
    if (values[2] < 0 || values[3] < 0)
        luaL_error(L, "%s: negative size (width %f, height %f)", where, values[2], values[3]);
    luaL_error(L, "%s: not a valid frame", where);
}

/* Reads frame i (1-based) of the frames at index 5 into *out. keys is where
   frame_keys sit on the stack, pushed once for every frame (so no lookup in
   Lua's string cache per field, as lua_getfield would do), and the frame
   goes just above them. The four values are fetched first and dropped with
   the frame in one settop, and lua_geti's type stands for a lua_type call:
   the calls into Lua, not the lookups, are most of the cost (fourteen calls
   a frame, from eighteen). */
static void read_frame(lua_State *L, int keys, lua_Integer i, canvas_rect *out) {
    int frame = keys + 4;
    double values[4];
    int valid = lua_geti(L, 5, i) == LUA_TTABLE;
    for (int k = 0; valid && k < 4; k++) {
        lua_pushvalue(L, keys + k);
        valid = lua_gettable(L, frame) == LUA_TNUMBER;
    }
    for (int k = 0; valid && k < 4; k++) valid = isfinite(values[k] = lua_tonumber(L, frame + 1 + k));
    if (!valid || values[2] < 0 || values[3] < 0) {
        lua_settop(L, frame);
        report_frame(L, i);
    }
    lua_settop(L, frame - 1);
    *out = (canvas_rect){values[0], values[1], values[2], values[3]};
}

/*
** Pushes the items array: {index=, id=, width=, height=} per item. The four
** keys are pushed once and set with lua_rawset: lua_setfield would look its
** C string up in Lua's string cache (a strcmp) for every field of every item.
** ids is the script ids' array, or a count when the ids are 1..N.
*/
static void push_items(lua_State *L, int ids, const place_call *call) {
    int numbered = lua_isinteger(L, ids);
    lua_pushliteral(L, "index");
    lua_pushliteral(L, "id");
    lua_pushliteral(L, "width");
    lua_pushliteral(L, "height");
    int keys = lua_gettop(L) - 3;
    lua_createtable(L, call->count < INT32_MAX ? (int)call->count : INT32_MAX, 0);
    for (size_t i = 0; i < call->count; i++) {
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, keys);
        lua_pushinteger(L, (lua_Integer)i + 1);
        lua_rawset(L, -3);
        lua_pushvalue(L, keys + 1);
        if (numbered) lua_pushinteger(L, (lua_Integer)i + 1);
        else lua_rawgeti(L, ids, (lua_Integer)i + 1);
        lua_rawset(L, -3);
        lua_pushvalue(L, keys + 2);
        lua_pushnumber(L, call->items[i].size.width);
        lua_rawset(L, -3);
        lua_pushvalue(L, keys + 3);
        lua_pushnumber(L, call->items[i].size.height);
        lua_rawset(L, -3);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_replace(L, keys);                   /* the array takes the first key's slot */
    lua_settop(L, keys);
}

/* Pushes the links {{from = i, to = j, id = ...}, ...}, ends as 1-based item
   indices, with the keys pushed once as push_items does. */
static void push_links(lua_State *L, const place_call *call) {
    lua_pushliteral(L, "from");
    lua_pushliteral(L, "to");
    lua_pushliteral(L, "id");
    int keys = lua_gettop(L) - 2;
    lua_createtable(L, call->link_count < INT32_MAX ? (int)call->link_count : INT32_MAX, 0);
    for (size_t i = 0; i < call->link_count; i++) {
        const canvas_layout_link *link = &call->links[i];
        lua_createtable(L, 0, 3);
        lua_pushvalue(L, keys);
        lua_pushinteger(L, (lua_Integer)link->source + 1);
        lua_rawset(L, -3);
        lua_pushvalue(L, keys + 1);
        lua_pushinteger(L, (lua_Integer)link->target + 1);
        lua_rawset(L, -3);
        lua_pushvalue(L, keys + 2);
        lua_pushinteger(L, (lua_Integer)link->id);
        lua_rawset(L, -3);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_replace(L, keys);
    lua_settop(L, keys);
}

/* Whether the place function on top of the stack reads a third argument: a
   place(items, proposal) written before links is spared making them. */
static int takes_links(lua_State *L) {
    lua_Debug ar;
    if (!lua_isfunction(L, -1)) return 1;   /* lua_getinfo takes functions only */
    lua_pushvalue(L, -1);
    if (!lua_getinfo(L, ">u", &ar)) return 1;
    return ar.isvararg || ar.nparams >= 3;
}

/* Pushes the proposal {width=, height=}; an open side stays nil. */
static void push_proposal(lua_State *L, const place_call *call) {
    lua_createtable(L, 0, 2);
    if (call->proposal_width == call->proposal_width) {  /* not NaN */
        lua_pushnumber(L, call->proposal_width);
        lua_setfield(L, -2, "width");
    }
    if (call->proposal_height == call->proposal_height) {
        lua_pushnumber(L, call->proposal_height);
        lua_setfield(L, -2, "height");
    }
}

/*
** Under lua_pcall, with 1 = the call (light userdata), 2 = the canvas
** userdata. Errors in the script's place function get a traceback; errors in
** what it returned are plain messages naming the frame and the key.
*/
static int place_protected(lua_State *L) {
    place_call *call = lua_touserdata(L, 1);
    lua_getiuservalue(L, 2, 1);             /* 3: the canvas's Lua state table */
    lua_getfield(L, 3, "ids");              /* 4: ids */
    lua_pushcfunction(L, lcanvas_traceback);
    lua_getfield(L, 3, "place");            /* 6: place */
    /* Every table push_items makes stays reachable, so a collection while
       it runs can free nothing of them and would only walk them: about a
       quarter of the time of making the items, measured at 100,000. */
    call->collector_paused = lua_gc(L, LUA_GCISRUNNING);
    if (call->collector_paused) lua_gc(L, LUA_GCSTOP);
    int with_links = takes_links(L);
    push_items(L, 4, call);
    if (with_links) push_links(L, call);
    if (call->collector_paused) lua_gc(L, LUA_GCRESTART);
    call->collector_paused = 0;
    push_proposal(L, call);
    if (with_links) lua_insert(L, -2);      /* place(items, proposal, links) */
    if (lua_pcall(L, with_links ? 3 : 2, 1, 5) != LUA_OK) return lua_error(L);
    lua_replace(L, 5);                      /* 5: frames */
    if (!lua_istable(L, 5))
        return luaL_error(L, "place: expected an array of frames, got %s", lcanvas_got(L, 5));
    lua_Integer returned = luaL_len(L, 5);
    if (returned != (lua_Integer)call->count)
        return luaL_error(L, "place: returned %I frames for %I items",
                          returned, (lua_Integer)call->count);
    for (int k = 0; k < 4; k++) lua_pushstring(L, frame_keys[k]);  /* 6..9: the keys */
    for (lua_Integer i = 1; i <= returned; i++) read_frame(L, 6, i, &call->frames_out[i - 1]);
    return 0;
}

canvas_status lcanvas_place(void *user, const canvas_layout_item *items, size_t count,
                            const canvas_layout_link *links, size_t link_count,
                            double proposal_width, double proposal_height,
                            canvas_rect *frames_out) {
    place_call call = {items, count, links, link_count, proposal_width, proposal_height, frames_out, 0};
    canvas_status status = lcanvas_callback(user, place_protected, &call, "place");
    if (call.collector_paused) lua_gc(((lcanvas *)user)->L, LUA_GCRESTART);  /* out of memory there */
    return status;
}
