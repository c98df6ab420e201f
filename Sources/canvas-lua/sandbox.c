/*
** sandbox.c: what --sandbox takes away, and how it says no.
**
** A sandboxed script keeps the pure libraries (string, table, math, utf8,
** coroutine), the canvas module, os.clock/time/date/difftime, and load for
** text chunks. It loses io, the rest of os, debug, dofile, loadfile,
** package loading (require finds only modules already loaded) and binary
** chunks. A refused name is not just nil: using it raises an error saying
** the sandbox refused it. os.getenv alone reads as nil, so the common
** `if os.getenv then ... end` (or `os.getenv and os.getenv("HOME")`) of a
** script that runs either way takes its fallback instead of stopping.
*/
#include <string.h>

#include "lluaheaders.h"

#include "sandbox.h"

static int refuse(lua_State *L) {
    return luaL_error(L, "%s is not available in the sandbox (--sandbox)",
                      lua_tostring(L, lua_upvalueindex(1)));
}

/* A function that refuses when called. */
static void push_refusal(lua_State *L, const char *name) {
    lua_pushstring(L, name);
    lua_pushcclosure(L, refuse, 1);
}

/* Refused fields that read as nil (library.key): absent, not an error. */
static const char *const absent_fields[] = {"os.getenv", NULL};

static int refuse_index(lua_State *L) {
    const char *library = lua_tostring(L, lua_upvalueindex(1));
    const char *key = lua_tostring(L, 2);
    for (int i = 0; key && absent_fields[i]; i++) {
        size_t length = strlen(library);
        if (strncmp(absent_fields[i], library, length) == 0 && absent_fields[i][length] == '.' &&
            strcmp(absent_fields[i] + length + 1, key) == 0)
            return 0;  /* nil */
    }
    return luaL_error(L, "%s%s%s is not available in the sandbox (--sandbox)",
                      library, key ? "." : "", key ? key : "");
}

/* A table that refuses any field read: `io.open` says the sandbox refused it. */
static void push_refusing_table(lua_State *L, const char *library) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushstring(L, library);
    lua_pushcclosure(L, refuse_index, 1);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
}

/* load, but only for text chunks. */
static int text_load(lua_State *L) {
    const char *mode = luaL_optstring(L, 3, "t");
    if (strchr(mode, 'b'))
        return luaL_error(L, "load: binary chunks are not available in the sandbox (--sandbox)");
    lua_settop(L, 4);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}

/* require, but only for modules already loaded (canvas and the standard ones). */
static int loaded_require(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
    return luaL_error(L, "require \"%s\": loading modules is not available in the sandbox (--sandbox)", name);
}

void sandbox_apply(lua_State *L) {
    static const char *const refused_globals[] = {"dofile", "loadfile", NULL};
    static const char *const refused_libraries[] = {"io", "debug", "package", NULL};
    static const char *const kept_os[] = {"clock", "time", "date", "difftime", NULL};

    for (int i = 0; refused_globals[i]; i++) {
        push_refusal(L, refused_globals[i]);
        lua_setglobal(L, refused_globals[i]);
    }
    for (int i = 0; refused_libraries[i]; i++) {
        push_refusing_table(L, refused_libraries[i]);
        lua_setglobal(L, refused_libraries[i]);
    }

    /* os keeps its clocks; every other field refuses. */
    lua_getglobal(L, "os");
    push_refusing_table(L, "os");
    for (int i = 0; kept_os[i]; i++) {
        lua_getfield(L, -2, kept_os[i]);
        lua_setfield(L, -2, kept_os[i]);
    }
    lua_setglobal(L, "os");
    lua_pop(L, 1);

    lua_getglobal(L, "load");
    lua_pushcclosure(L, text_load, 1);
    lua_setglobal(L, "load");
    lua_pushcfunction(L, loaded_require);
    lua_setglobal(L, "require");

    /* The registry's loaded table still reaches the real io and os. */
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    for (int i = 0; refused_libraries[i]; i++) {
        lua_getglobal(L, refused_libraries[i]);
        lua_setfield(L, -2, refused_libraries[i]);
    }
    lua_getglobal(L, "os");
    lua_setfield(L, -2, "os");
    lua_pop(L, 1);
}
