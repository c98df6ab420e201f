/*
** fuzz_lua.c: libFuzzer harness for the Lua description loader.
**
** Each input is a Lua chunk (text only) run in a fresh state with the pure
** libraries and the canvas module, under an instruction budget and a memory
** cap and a CPU-time limit. As in canvas-lua, a spent limit stays spent
** (the hook then fires at every instruction, so pcall cannot catch it and
** carry on), and the time limit is also checked by the allocator, so a loop
** of string.rep calls ends too; libFuzzer's -timeout (scripts/fuzz) is then
** left for inputs that really hang. The string library's pattern functions
** are left out (see below). Whatever it returns goes to canvas.resolve and canvas.new, and a few
** object methods run on the result. Any outcome but a crash, a sanitizer
** report or a leak is fine: errors are the expected answer to most inputs.
** The methods include motion input, edits, batches, undo, level of
** detail and links, on the canvas as described and then turned free.
*/
#include <stdint.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "lcanvas.h"

#define MEMORY_LIMIT ((size_t)64 << 20)
#define INSTRUCTION_LIMIT 200000
#define TIME_LIMIT (CLOCKS_PER_SEC / 2)  /* half a second of CPU time per input */

typedef struct budget {
    size_t used;
    long instructions;
    clock_t deadline;
    int spent;
} budget;

static int out_of_time(budget *b) {
    if (!b->spent && clock() > b->deadline) b->spent = 1;
    return b->spent;
}

static void *limited_alloc(void *user, void *block, size_t old_size, size_t new_size) {
    budget *b = user;
    size_t old = block ? old_size : 0;
    if (new_size == 0) {
        free(block);
        b->used -= old;
        return NULL;
    }
    if (new_size > old && (b->used - old + new_size > MEMORY_LIMIT || (new_size > 4096 && out_of_time(b))))
        return NULL;
    void *grown = realloc(block, new_size);
    if (grown) b->used = b->used - old + new_size;
    return grown;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    budget *b;
    lua_getallocf(L, (void **)&b);
    b->instructions += 1000;
    if (b->instructions > INSTRUCTION_LIMIT) b->spent = 1;
    if (out_of_time(b)) {
        lua_sethook(L, count_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
        luaL_error(L, "limit spent");
    }
}

/* xpcall whose message handler is skipped once a limit is spent: an error
   the hook raises runs the handler with hooks off (see canvas-lua's main.c). */
static int guarded_handler(lua_State *L) {
    budget *b;
    lua_getallocf(L, (void **)&b);
    if (b->spent) {
        lua_settop(L, 1);
        return 1;
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

static int xpcall_done(lua_State *L, int status, lua_KContext context) {
    (void)status;
    (void)context;
    return lua_gettop(L);
}

static int guarded_xpcall(lua_State *L) {
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, xpcall_done);
    return xpcall_done(L, LUA_OK, 0);
}

/* Runs the chunk, then feeds its result to the module the way a script would. */
static const char driver[] =
    "local canvas, chunk = ...\n"
    "local description = chunk()\n"
    "if type(description) ~= 'table' then return end\n"
    "pcall(canvas.resolve, description)\n"
    "local ok, c = pcall(canvas.new, description)\n"
    "if not ok then return end\n"
    "pcall(c.resolve, c)\n"
    "pcall(c.set_viewport, c, {width = 300, height = 200, x = 50, y = 50})\n"
    "pcall(c.query, c, {x = 0, y = 0, width = 500, height = 500})\n"
    "pcall(c.hit_test, c, 10, 10)\n"
    "pcall(c.page, c, 'down')\n"
    "pcall(c.step, c)\n"
    "pcall(c.set_zoom, c, 2)\n"
    "pcall(c.pinch, c, 'began', 1, 2, 10, 10)\n"
    "pcall(c.pinch, c, 'changed', 1.5, 2, 10, 10)\n"
    "pcall(c.select, c, 20, 20)\n"
    "pcall(c.pinch, c, 'ended', 1.5, 2, 10, 10)\n"
    /* motion, editing and level of detail */
    "pcall(c.pointer_down, c, 10, 10, 0)\n"
    "pcall(c.pointer_move, c, 40, 30, 16)\n"
    "pcall(c.pointer_up, c, 80, 30, 32)\n"
    "pcall(c.fling, c, 1, -1, 40)\n"
    "pcall(c.wheel, c, {dy = 30, ctrl = true, t = 48})\n"
    "pcall(c.crown, c, 5, 60)\n"
    "pcall(c.key, c, 'page_down', 70)\n"
    "pcall(c.tick, c, 400)\n"
    "pcall(c.scroll_to, c, 1, 'center', {animated = true, t = 410})\n"
    "pcall(c.zoom_to_fit, c, {animated = true, t = 420})\n"
    "pcall(c.tick, c, 900)\n"
    "pcall(c.visible_lod, c, {})\n"
    "pcall(c.set_lod, c, {min_size = 4})\n"
    "pcall(c.clusters, c)\n"
    "pcall(c.set_layout, c, 'free')\n"
    "pcall(c.insert, c, {{id = 'fz', x = 1, y = 1, width = 2, height = 2}})\n"
    "pcall(c.select_all, c)\n"
    "pcall(c.nudge, c, 'right', true)\n"
    "pcall(c.move, c, 'fz', 5, 5)\n"
    "pcall(c.batch, c, function(c) c:remove{'fz'}; c:insert{{id = 'fy', width = 1, height = 1}} end)\n"
    "pcall(c.undo, c)\n"
    "pcall(c.redo, c)\n"
    "pcall(c.select_rect, c, {x = 0, y = 0, width = 100, height = 100, op = 'toggle'})\n"
    "pcall(c.set_tool, c, 'select')\n"
    "pcall(c.pointer_down, c, 2, 2, 1000)\n"
    "pcall(c.pointer_move, c, 30, 30, 1016)\n"
    "pcall(c.pointer_up, c, 30, 30, 1032)\n"
    "pcall(c.key, c, 'delete', 1040)\n"
    "pcall(c.focus_next, c, 'right')\n"
    "pcall(c.bring_to_front, c, {'fy'})\n"
    /* links */
    "pcall(c.links, c)\n"
    "pcall(c.insert_links, c, {{id = 77, from = 'fy', to = 1, style = 'curve'}})\n"
    "pcall(c.link_route, c, 77)\n"
    "pcall(c.hit_test_link, c, 10, 10)\n"
    "pcall(c.query_links, c, {x = 0, y = 0, width = 500, height = 500})\n"
    "pcall(c.visible_links, c)\n"
    "pcall(c.cluster_links, c)\n"
    "pcall(c.remove_links, c, {77})\n"
    "pcall(c.undo, c)\n"
    "pcall(c.set_links, c, {{from = 1, to = 2, style = 'step', from_side = 'leading'}})\n"
    "pcall(c.result, c)\n"
    "c:close()\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    budget b = {0, 0, clock() + TIME_LIMIT, 0};
    lua_State *L = lua_newstate(limited_alloc, &b);
    if (L == NULL) return 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1000);
    static const luaL_Reg libraries[] = {
        {LUA_GNAME, luaopen_base}, {LUA_STRLIBNAME, luaopen_string},
        {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8}, {"canvas", luaopen_canvas}, {NULL, NULL},
    };
    for (const luaL_Reg *library = libraries; library->name; library++) {
        luaL_requiref(L, library->name, library->func, 1);
        lua_pop(L, 1);
    }
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
    /* Lua's pattern matcher can take years inside one call (("a"):rep(3e4)
       against "a*" thirty times), where no hook or allocation comes to stop
       it; it is not what this harness tests, so patterns are left out. */
    static const char *const pattern_functions[] = {"find", "match", "gmatch", "gsub", NULL};
    lua_getglobal(L, "string");
    for (const char *const *name = pattern_functions; *name; name++) {
        lua_pushnil(L);
        lua_setfield(L, -2, *name);
    }
    lua_pop(L, 1);
    if (luaL_loadbufferx(L, driver, sizeof driver - 1, "=driver", "t") == LUA_OK) {
        lua_getglobal(L, "canvas");
        if (luaL_loadbufferx(L, (const char *)data, size, "=input", "t") == LUA_OK)
            lua_pcall(L, 2, 0, 0);
    }
    lua_close(L);
    return 0;
}
