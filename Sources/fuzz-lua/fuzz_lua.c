/*
** fuzz_lua.c: libFuzzer harness for the Lua description loader.
**
** Each input is a Lua chunk (text only) run in a fresh state with the pure
** libraries and the canvas module, under an instruction budget and a memory
** cap. Whatever it returns goes to canvas.resolve and canvas.new, and a few
** object methods run on the result. Any outcome but a crash, a sanitizer
** report or a leak is fine: errors are the expected answer to most inputs.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "lcanvas.h"

#define MEMORY_LIMIT ((size_t)64 << 20)
#define INSTRUCTION_LIMIT 200000

typedef struct budget {
    size_t used;
    long instructions;
} budget;

static void *limited_alloc(void *user, void *block, size_t old_size, size_t new_size) {
    budget *b = user;
    size_t old = block ? old_size : 0;
    if (new_size == 0) {
        free(block);
        b->used -= old;
        return NULL;
    }
    if (new_size > old && b->used - old + new_size > MEMORY_LIMIT) return NULL;
    void *grown = realloc(block, new_size);
    if (grown) b->used = b->used - old + new_size;
    return grown;
}

static void count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    budget *b;
    lua_getallocf(L, (void **)&b);
    b->instructions += 1000;
    if (b->instructions > INSTRUCTION_LIMIT) luaL_error(L, "instruction limit");
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
    "pcall(c.result, c)\n"
    "c:close()\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    budget b = {0, 0};
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
    if (luaL_loadbufferx(L, driver, sizeof driver - 1, "=driver", "t") == LUA_OK) {
        lua_getglobal(L, "canvas");
        if (luaL_loadbufferx(L, (const char *)data, size, "=input", "t") == LUA_OK)
            lua_pcall(L, 2, 0, 0);
    }
    lua_close(L);
    return 0;
}
