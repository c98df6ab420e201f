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
#include <time.h>
#include <unistd.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lluaheaders.h"

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

/* Without a limit nothing needs counting: Lua's own allocator, as lua.c's,
   just as there is no hook without a budget. */
static void *plain_alloc(void *user, void *block, size_t old_size, size_t new_size) {
    (void)user, (void)old_size;
    if (new_size == 0) {
        free(block);
        return NULL;
    }
    return realloc(block, new_size);
}

#define HOOK_STEP 1000  /* instructions between checks */

/*
** The budget needs a count hook, and any count hook makes Lua's VM stop at
** every instruction (that is how it counts): 1.4x the time of the ring's
** place function, 1.8x that of a tight loop. So without a budget no hook is
** set, and Ctrl-C sets one from the signal handler, as lua.c does:
** lua_sethook is safe there.
**
** A spent limit stays spent: the hook then runs at every instruction, call
** and return, of the main thread and of every coroutine it reaches, and
** raises the limit's error each time, so a pcall, xpcall or coroutine that
** catches it cannot do one more instruction of work.
*/
static lua_State *running_state;
static long long instruction_limit;  /* 0: no limit, and no hook */
static long long instructions_used;
static volatile sig_atomic_t interrupted;

enum { LIMIT_NONE, LIMIT_INSTRUCTIONS, LIMIT_TIME };
static volatile sig_atomic_t limit_spent;  /* which limit ran out, once one has */
static double time_limit;                  /* seconds of CPU time; 0: no limit */

#define SPENT_MASK (LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT)

static int raise_spent(lua_State *L) {
    if (limit_spent == LIMIT_TIME)
        return luaL_error(L, "time limit exceeded (%f s of CPU time; raise it with --max-time)", time_limit);
    return luaL_error(L, "instruction limit exceeded (%I instructions; raise it with --max-instructions)",
                      (lua_Integer)instruction_limit);
}

static void budget_hook(lua_State *L, lua_Debug *ar);

/* Marks a limit spent and makes every thread that runs next hit the hook. */
static void spend(lua_State *L, int limit) {
    if (!limit_spent) limit_spent = limit;
    lua_sethook(running_state, budget_hook, SPENT_MASK, 1);
    if (L && L != running_state) lua_sethook(L, budget_hook, SPENT_MASK, 1);
}

static void budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (limit_spent) {
        spend(L, limit_spent);  /* a coroutine armed before the limit ran out */
        raise_spent(L);
    }
    if (interrupted) {
        interrupted = 0;
        luaL_error(L, "interrupted");
    }
    if (!instruction_limit) return;
    instructions_used += HOOK_STEP;
    if (instructions_used > instruction_limit) {
        spend(L, LIMIT_INSTRUCTIONS);
        raise_spent(L);
    }
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
    if (!instruction_limit && !limit_spent)
        lua_sethook(running_state, interrupt_hook, SPENT_MASK, 1);
}

/*
** The CPU-time limit. Time spent inside C functions (string.rep, a pattern
** match, the engine's own layout) counts too, so it is measured by the
** kernel: a timer on the main thread's CPU clock raises SIGPROF once the
** script's thread has used time_limit seconds of CPU (canvas-lua runs
** everything on that one thread). Not ITIMER_PROF: a process-wide CPU timer
** makes the kernel account the process's CPU time at tick granularity, so
** os.clock would then move in 4 ms steps. The handler spends the limit, which stops the
** script at its next Lua instruction. A script stuck inside one C call never
** reaches one, so the timer is re-armed for TIME_GRACE more seconds, and if
** it fires again the process writes the message and exits from the handler
** (write and _exit are safe there; nothing else is).
*/
#define TIME_GRACE 0.5
static char time_message[160];
static size_t time_message_length;
static timer_t cpu_timer;  /* made by start_timer, only with a limit */

/* timer_settime is async-signal-safe: the handler re-arms with it. */
static void arm_timer(double seconds) {
    struct itimerspec timer = {{0, 0}, {0, 0}};
    if (seconds > 0) {
        timer.it_value.tv_sec = (time_t)seconds;
        timer.it_value.tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9);
        if (timer.it_value.tv_sec == 0 && timer.it_value.tv_nsec == 0) timer.it_value.tv_nsec = 1;
    }
    timer_settime(cpu_timer, 0, &timer, NULL);
}

static void on_cpu_time(int signal_number) {
    (void)signal_number;
    if (limit_spent == LIMIT_TIME) {
        ssize_t ignored = write(STDERR_FILENO, time_message, time_message_length);
        (void)ignored;
        _exit(EXIT_FAILURE);
    }
    limit_spent = LIMIT_TIME;
    lua_sethook(running_state, budget_hook, SPENT_MASK, 1);
    arm_timer(TIME_GRACE);
}

static void start_timer(const char *program) {
    if (time_limit <= 0) return;
    int length = snprintf(time_message, sizeof time_message,
                          "%s: time limit exceeded (%g s of CPU time; raise it with --max-time)\n",
                          program, time_limit);
    time_message_length = length < 0 ? 0 : (size_t)length < sizeof time_message ? (size_t)length : sizeof time_message - 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_cpu_time;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGPROF, &action, NULL);
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGPROF;
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &cpu_timer) != 0) {
        fprintf(stderr, "%s: cannot start the --max-time timer: %s\n", program, strerror(errno));
        exit(EXIT_FAILURE);
    }
    arm_timer(time_limit);
}

static void stop_timer(void) {
    if (time_limit > 0) arm_timer(0);
}

/*
** An error the hook raises is raised with hooks off (Lua turns them off
** while a hook runs), and xpcall's message handler runs right there, so a
** handler that loops could never be stopped. canvas-lua's xpcall hands the
** message straight back without calling the script's handler once a limit
** is spent. The handler is wrapped, and xpcall called with a continuation,
** so xpcall still works across coroutine.yield.
*/
static int guarded_handler(lua_State *L) {
    if (limit_spent) {
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

/* Upvalue 1: the real xpcall. */
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

static void guard_xpcall(lua_State *L) {
    lua_getglobal(L, "xpcall");
    lua_pushcclosure(L, guarded_xpcall, 1);
    lua_setglobal(L, "xpcall");
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
    if (instruction_limit && !limit_spent) lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_STEP);
    signal(SIGINT, on_interrupt);
    int status = lua_pcall(L, nargs, nresults, traceback ? base : 0);
    signal(SIGINT, SIG_DFL);
    if (traceback) lua_remove(L, base);
    if (limit_spent && status == LUA_OK) {  /* the last catch returned straight to C */
        lua_settop(L, base - 1);
        lua_pushcfunction(L, raise_spent);
        status = lua_pcall(L, 0, 0, 0);
    }
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
    output_check_finite(L, 1);
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
    guard_xpcall(L);
    luaL_requiref(L, "canvas", luaopen_canvas, 1);     /* 1: the module */
    /* The undo history is the engine's one allocation that grows with the
       edits alone, so it counts against the memory limit: a quarter of it. */
    if (options->max_memory) lcanvas_set_history_cap(L, options->max_memory / 4, "a quarter of --max-memory");
    if (options->sandbox) sandbox_apply(L);
    create_arg_table(L, argv, argc, options->script_index);
    lua_gc(L, LUA_GCRESTART);
    lua_gc(L, LUA_GCGEN, 0, 0);

    /* The -e chunks first, in order, as lua runs them. Lua does not verify
       bytecode, so under --sandbox every chunk must be text: these, the
       script from a file or from stdin ("-"), and whatever load loads. */
    const char *mode = options->sandbox ? "t" : NULL;
    for (int i = 0; i < options->chunk_count; i++) {
        const char *chunk = options->chunks[i];
        if (luaL_loadbufferx(L, chunk, strlen(chunk), "=(command line)", mode) != LUA_OK || docall(L, 0, 0, 1) != LUA_OK)
            return lua_error(L);
    }
    if (options->script == NULL) return 0;
    /* Run the script ("-": standard input, named stdin); it returns the description. */
    int from_stdin = strcmp(options->script, "-") == 0;
    int status = luaL_loadfilex(L, from_stdin ? NULL : options->script, mode);
    if (from_stdin) options->script = "stdin";
    if (status == LUA_ERRSYNTAX && options->sandbox && strstr(lua_tostring(L, -1), "attempt to load a binary chunk"))
        return luaL_error(L, "%s: binary chunks are not available in the sandbox (--sandbox)", options->script);
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
    lua_State *L = budget.limit ? lua_newstate(budget_alloc, &budget) : lua_newstate(plain_alloc, NULL);
    if (L == NULL) {
        report("cannot create a Lua state: not enough memory");
        free(options.chunks);
        return EXIT_FAILURE;
    }
    running_state = L;
    instruction_limit = options.max_instructions;
    time_limit = options.max_time;
    if (instruction_limit) lua_sethook(L, budget_hook, LUA_MASKCOUNT, HOOK_STEP);
    lua_gc(L, LUA_GCSTOP);  /* no collections while building the state */
    lua_pushcfunction(L, pmain);
    lua_pushinteger(L, argc);
    lua_pushlightuserdata(L, argv);
    lua_pushlightuserdata(L, &options);
    start_timer(progname);
    int status = lua_pcall(L, 3, 0, 0);
    stop_timer();
    if (status != LUA_OK) {
        const char *message = lua_tostring(L, -1);
        report(message ? message : "(error object is not a string)");
        /* A limit that ran out is the reason, whatever caught it on the way. */
        const char *reason = limit_spent == LIMIT_TIME ? "time limit exceeded"
                           : limit_spent == LIMIT_INSTRUCTIONS ? "instruction limit exceeded" : NULL;
        if (reason && (!message || !strstr(message, reason))) {
            lua_pushcfunction(L, raise_spent);
            lua_pcall(L, 0, 0, 0);
            report(lua_tostring(L, -1));
        }
        if (budget.refused)
            fprintf(stderr, "%s: the script reached the memory limit of %zu MiB; raise it with --max-memory\n",
                    progname, options.max_memory >> 20);
    }
    lua_close(L);
    free(options.chunks);
    return status == LUA_OK ? EXIT_SUCCESS : EXIT_FAILURE;
}
