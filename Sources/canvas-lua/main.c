/*
** canvas-lua: runs a layout script and prints where every item goes.
**
**     canvas-lua [options] script.lua [args]
**
** Shaped like Lua's own lua.c: main only creates a state and lua_pcall's
** pmain, so even a failure while setting up is reported the same way
** ("canvas-lua: message" on stderr, a non-zero exit). Scripts run under
** an instruction budget and a memory cap, and Ctrl-C stops them through a
** hook, because a signal handler cannot safely touch a Lua state.
*/
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#include "canvas.h"
#include "lcanvas.h"
#include "options.h"
#include "output.h"
#include "sandbox.h"

static const char *progname = "canvas-lua";

/* ---- limits ----------------------------------------------------------- */

typedef struct memory_budget {
    size_t used;
    size_t limit;  /* 0: no limit */
    int refused;   /* an allocation hit the limit */
} memory_budget;

/* An allocator that refuses to grow past the budget; Lua turns the refusal
   into a "not enough memory" error and the state stays usable. */
static void *budget_alloc(void *user, void *block, size_t old_size, size_t new_size) {
    memory_budget *budget = user;
    size_t old = block ? old_size : 0;
    if (new_size == 0) {
        free(block);
        budget->used -= old;
        return NULL;
    }
    if (budget->limit && new_size > old && budget->used - old + new_size > budget->limit) {
        budget->refused = 1;
        return NULL;
    }
    void *grown = realloc(block, new_size);
    if (grown) budget->used = budget->used - old + new_size;
    return grown;
}

#define HOOK_STEP 1000  /* instructions between checks */

/*
** The budget needs a count hook, and any count hook makes Lua's VM stop at
** every instruction (that is how it counts): 1.4x the time of the ring's
** place function, 1.8x that of a tight loop. So without a budget no hook is
** set, and Ctrl-C sets one from the signal handler, as lua.c does:
** lua_sethook is safe there.
*/
static lua_State *running_state;
static long long instruction_limit;  /* 0: no limit, and no hook */
static long long instructions_used;
static volatile sig_atomic_t interrupted;

static void budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (interrupted) {
        interrupted = 0;
        luaL_error(L, "interrupted");
    }
    instructions_used += HOOK_STEP;
    if (instructions_used > instruction_limit)
        luaL_error(L, "instruction limit exceeded (%I instructions; raise it with --max-instructions)",
                   (lua_Integer)instruction_limit);
}

/* Set by on_interrupt when there is no budget hook to notice the flag. */
static void interrupt_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    interrupted = 0;
    luaL_error(L, "interrupted");
}

/* Ctrl-C: flag it for the hook; a second one ends the process as usual. */
static void on_interrupt(int signal_number) {
    signal(signal_number, SIG_DFL);
    interrupted = 1;
    if (!instruction_limit)
        lua_sethook(running_state, interrupt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

/* ---- running ---------------------------------------------------------- */

/*
** Calls the function below nargs arguments with a fresh instruction budget;
** an error stays on the stack as its message. With traceback set, Lua errors
** get a traceback (the script's own code); without, messages stay one line
** (the engine's complaints about a description, which name the key instead).
*/
static int docall(lua_State *L, int nargs, int nresults, int traceback) {
    int base = lua_gettop(L) - nargs;
    if (traceback) {
        lua_pushcfunction(L, lcanvas_traceback);
        lua_insert(L, base);
    }
    instructions_used = 0;
    signal(SIGINT, on_interrupt);
    int status = lua_pcall(L, nargs, nresults, traceback ? base : 0);
    signal(SIGINT, SIG_DFL);
    if (traceback) lua_remove(L, base);
    return status;
}

/* The script's name as Lua reports positions in it ("ring.lua:12:"). */
static const char *chunk_label(const char *script) {
    const char *slash = strrchr(script, '/');
    return strlen(script) > LUA_IDSIZE - 10 && slash ? slash + 1 : script;
}

/* Prefixes messages that lack a position with the script's name, so every
   error says which file it is about. */
static void locate_error(lua_State *L, const char *script) {
    const char *message = lua_tostring(L, -1);
    const char *label = chunk_label(script);
    if (message && strncmp(message, label, strlen(label)) != 0) {
        lua_pushfstring(L, "%s: %s", script, message);
        lua_remove(L, -2);
    }
}

static int write_output(lua_State *L) {
    const run_options *options = lua_touserdata(L, 2);
    if (strcmp(options->format, "text") == 0) output_text(L, 1, stdout);
    else output_json(L, 1, stdout);
    return 0;
}

/* ---- the SVG picture ------------------------------------------------ */

/* A FILE owned by a userdata, so a Lua error while writing cannot leak it. */
static int close_file(lua_State *L) {
    FILE **file = lua_touserdata(L, 1);
    if (*file) fclose(*file);
    *file = NULL;
    return 0;
}

/* Under lua_pcall: 1 = the result, 2 = the options, 3 = the label scale,
   4 = the overscan the description asked for (NaN: the engine's default). */
static int write_svg(lua_State *L) {
    const run_options *options = lua_touserdata(L, 2);
    double label_scale = lua_tonumber(L, 3);
    double overscan = lua_tonumber(L, 4);
    FILE **file = lua_newuserdatauv(L, sizeof *file, 0);
    *file = NULL;
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, close_file);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    *file = fopen(options->svg, "w");
    if (*file == NULL) return luaL_error(L, "cannot open %s: %s", options->svg, strerror(errno));
    const char *slash = strrchr(options->script, '/');
    output_svg(L, 1, slash ? slash + 1 : options->script, label_scale, overscan, *file);
    int failed = ferror(*file);
    failed |= fclose(*file) != 0;
    *file = NULL;
    if (failed) return luaL_error(L, "cannot write %s: %s", options->svg, strerror(errno));
    return 0;
}

/*
** The script's on_zoom, chained: canvas-lua notes each scale (the picture's
** labels grow with it) and then calls the script's own function, if any,
** with the same arguments; its errors pass through unchanged.
** Upvalues: 1 = the script's on_zoom or nil, 2 = where the scale goes.
*/
static int zoom_spy(lua_State *L) {
    double *last = lua_touserdata(L, lua_upvalueindex(2));
    if (lua_type(L, 1) == LUA_TNUMBER) *last = lua_tonumber(L, 1);
    if (lua_isnil(L, lua_upvalueindex(1))) return 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 0);
    return 0;
}

/* Pushes the box the spy writes the last scale into (NaN: none yet) and
   installs the spy as the description's on_zoom, unless that is something
   other than a function, which the module will refuse as it stands. */
static void spy_on_zoom(lua_State *L, int description) {
    double *last = lua_newuserdatauv(L, sizeof *last, 0);
    *last = NAN;
    int type = lua_getfield(L, description, "on_zoom");
    if (type != LUA_TNIL && type != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return;
    }
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, zoom_spy, 2);
    lua_setfield(L, description, "on_zoom");
}

/* The scale labels are drawn at: the last one on_zoom reported, or else the
   result's zoom, or 1. */
static double label_scale(lua_State *L, int spy, int result) {
    double last = *(double *)lua_touserdata(L, spy);
    if (last == last) return last;  /* not NaN */
    double scale = 1;
    if (lua_getfield(L, result, "zoom") == LUA_TTABLE) {
        lua_getfield(L, -1, "scale");
        if (lua_type(L, -1) == LUA_TNUMBER) scale = lua_tonumber(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return scale;
}

/* Pushes the arg table, as lua.c does: arg[0] the script, arg[1..] its arguments. */
static void create_arg_table(lua_State *L, char **argv, int argc, int script_index) {
    lua_createtable(L, argc - script_index - 1, script_index + 1);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - script_index);
    }
    lua_setglobal(L, "arg");
}

static int pmain(lua_State *L) {
    int argc = (int)lua_tointeger(L, 1);
    char **argv = lua_touserdata(L, 2);
    run_options *options = lua_touserdata(L, 3);
    lua_settop(L, 0);
    luaL_checkversion(L);

    luaL_openlibs(L);
    luaL_requiref(L, "canvas", luaopen_canvas, 1);     /* 1: the module */
    if (options->sandbox) sandbox_apply(L);
    create_arg_table(L, argv, argc, options->script_index);
    lua_gc(L, LUA_GCRESTART);
    lua_gc(L, LUA_GCGEN, 0, 0);

    /* The -e chunks first, in order, as lua runs them. */
    for (int i = 0; i < options->chunk_count; i++) {
        const char *chunk = options->chunks[i];
        if (luaL_loadbuffer(L, chunk, strlen(chunk), "=(command line)") != LUA_OK || docall(L, 0, 0, 1) != LUA_OK)
            return lua_error(L);
    }
    if (options->script == NULL) return 0;
    /* Run the script ("-": standard input, named stdin); it returns the description. */
    int from_stdin = strcmp(options->script, "-") == 0;
    int status = luaL_loadfile(L, from_stdin ? NULL : options->script);
    if (from_stdin) options->script = "stdin";
    if (status == LUA_OK) {
        int nargs = argc - options->script_index - 1;
        luaL_checkstack(L, nargs + 3, "too many script arguments");
        for (int i = options->script_index + 1; i < argc; i++) lua_pushstring(L, argv[i]);
        status = docall(L, nargs, 1, 1);
    }
    if (status != LUA_OK) return lua_error(L);
    if (!lua_istable(L, -1))
        return luaL_error(L, "%s: the script must return a canvas description (a table), got %s",
                          options->script, luaL_typename(L, -1));
    int description = lua_gettop(L);
    if (options->rtl) {
        lua_pushliteral(L, "rtl");
        lua_setfield(L, description, "direction");
    }
    int spy = 0;
    if (options->svg) {
        spy_on_zoom(L, description);
        spy = lua_gettop(L);
    }

    /* Resolve it through the module, as any script could. */
    lua_getfield(L, 1, "resolve");
    lua_pushvalue(L, description);
    if (docall(L, 1, 1, 0) != LUA_OK) {
        locate_error(L, options->script);
        return lua_error(L);
    }
    int result = lua_gettop(L);

    lua_pushcfunction(L, write_output);
    lua_pushvalue(L, result);
    lua_pushlightuserdata(L, options);
    if (docall(L, 2, 0, 0) != LUA_OK) return lua_error(L);
    if (fflush(stdout) != 0 || ferror(stdout))
        return luaL_error(L, "cannot write the output: %s", strerror(errno));

    if (options->svg) {
        lua_pushcfunction(L, write_svg);
        lua_pushvalue(L, result);
        lua_pushlightuserdata(L, options);
        lua_pushnumber(L, label_scale(L, spy, result));
        lua_pushnumber(L, NAN);
        if (lua_getfield(L, description, "viewport") == LUA_TTABLE &&
            lua_getfield(L, -1, "overscan") == LUA_TNUMBER)
            lua_replace(L, -3);
        lua_settop(L, result + 5);              /* write_svg and its four arguments */
        if (docall(L, 4, 0, 0) != LUA_OK) return lua_error(L);
    }
    return 0;
}

static void report(const char *message) {
    fprintf(stderr, "%s: %s\n", progname, message);
    fflush(stderr);
}

int main(int argc, char **argv) {
    if (argv[0] && argv[0][0]) progname = argv[0];
    run_options options;
    int parsed = options_parse(argc, argv, &options);
    if (parsed != OPTIONS_RUN) {
        free(options.chunks);
        return parsed == OPTIONS_DONE ? EXIT_SUCCESS : 2;
    }

    memory_budget budget = {0, options.max_memory, 0};
    lua_State *L = lua_newstate(budget_alloc, &budget);
    if (L == NULL) {
        report("cannot create a Lua state: not enough memory");
        free(options.chunks);
        return EXIT_FAILURE;
    }
    running_state = L;
    instruction_limit = options.max_instructions;
    if (instruction_limit) lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_STEP);
    lua_gc(L, LUA_GCSTOP);  /* no collections while building the state */
    lua_pushcfunction(L, pmain);
    lua_pushinteger(L, argc);
    lua_pushlightuserdata(L, argv);
    lua_pushlightuserdata(L, &options);
    int status = lua_pcall(L, 3, 0, 0);
    if (status != LUA_OK) {
        const char *message = lua_tostring(L, -1);
        report(message ? message : "(error object is not a string)");
        if (budget.refused)
            fprintf(stderr, "%s: the script reached the memory limit of %zu MiB; raise it with --max-memory\n",
                    progname, options.max_memory >> 20);
    }
    lua_close(L);
    free(options.chunks);
    return status == LUA_OK ? EXIT_SUCCESS : EXIT_FAILURE;
}
