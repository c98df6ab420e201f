/*
** options.c: canvas-lua's command line: options first, then the script and
** its own arguments (which the script sees in `arg`, as with lua).
*/
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lluaheaders.h"

#include "canvas.h"
#include "options.h"

#define DEFAULT_MAX_INSTRUCTIONS 1000000000LL     /* a few seconds of work, not minutes */
#define DEFAULT_MAX_MEMORY ((size_t)1 << 30)      /* 1 GiB of Lua heap: a million items need about half */
#define DEFAULT_MAX_TIME 60.0                     /* seconds of CPU time: a million items take a few */

static const char usage_text[] =
    "usage: canvas-lua [options] [script.lua | -] [args...]\n"
    "\n"
    "Runs a layout script that returns a canvas description, resolves it, and\n"
    "prints where every item goes (JSON on stdout by default). With - as the\n"
    "script, reads it from standard input.\n"
    "\n"
    "options:\n"
    "  -e CHUNK                run the Lua chunk CHUNK first (may be repeated); with\n"
    "                          no script, run the chunks and exit\n"
    "  --format FORMAT         json (default) or text\n"
    "  --svg FILE              also draw the canvas as an SVG picture\n"
    "  --rtl                   lay out right-to-left (overrides the description)\n"
    "  --sandbox               run without io, os (but its clocks), debug, package\n"
    "                          loaders, dofile, loadfile and binary chunks\n"
    "  --max-instructions N    stop a script or callback after N Lua instructions\n"
    "                          (default 1000000000; 0 for no limit)\n"
    "  --max-memory SIZE       cap the Lua heap, e.g. 512M or 2G (default 1G; 0 for\n"
    "                          no limit), and each canvas's undo history at a\n"
    "                          quarter of it; the engine's other memory (frames,\n"
    "                          index, detail grids) is not counted\n"
    "  --max-time SECONDS      stop after this much CPU time, time inside library\n"
    "                          functions and the engine included (default 60; 0 for\n"
    "                          no limit; fractions allowed)\n"
    "  -h, --help              show this help and exit\n"
    "  -v, --version           show the version and exit\n"
    "  --                      stop handling options\n"
    "  -                       run standard input as the script, and stop handling\n"
    "                          options\n"
    "\n"
    "What follows the script goes to it as arg[1], arg[2], ...; canvas-lua's own\n"
    "options there (--format, --svg, ...) are refused unless a -- comes first.\n"
    "\n"
    "The module is also available to scripts as require \"canvas\".\n";

static void usage_error(const char *program, const char *message, const char *detail) {
    fprintf(stderr, "%s: %s%s%s\n", program, message, detail ? " " : "", detail ? detail : "");
    fprintf(stderr, "Try '%s --help' for more information.\n", program);
}

/* A whole number, with an optional K, M or G suffix (powers of 1024) when scaled. */
static int parse_amount(const char *text, int scaled, unsigned long long *out) {
    if (!isdigit((unsigned char)text[0])) return 0;
    char *end;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno) return 0;
    if (scaled && *end) {
        int shift = 0;
        switch (toupper((unsigned char)*end)) {
        case 'K': shift = 10; break;
        case 'M': shift = 20; break;
        case 'G': shift = 30; break;
        default: return 0;
        }
        end++;
        if (toupper((unsigned char)*end) == 'B' || toupper((unsigned char)*end) == 'I') end++;
        if (value > (~0ULL >> shift)) return 0;
        value <<= shift;
    }
    if (*end) return 0;
    *out = value;
    return 1;
}

/* Matches "--name" (value in the next argument) or "--name=value". */
static int option_with_value(int argc, char **argv, int *i, const char *name, const char **value) {
    size_t length = strlen(name);
    if (strncmp(argv[*i], name, length) != 0) return 0;
    if (argv[*i][length] == '=') {
        *value = argv[*i] + length + 1;
        return 1;
    }
    if (argv[*i][length] != '\0') return 0;
    *value = *i + 1 < argc ? argv[++*i] : NULL;
    return 1;
}

/* canvas-lua's own long options, which after the script would silently go to
** the script (`canvas-lua ring.lua --format text` printing JSON). */
static const char *const own_options[] = {
    "--format", "--svg", "--rtl", "--sandbox", "--max-instructions", "--max-memory", "--max-time", NULL,
};

static const char *own_option(const char *arg) {
    for (int k = 0; own_options[k]; k++) {
        size_t length = strlen(own_options[k]);
        if (strncmp(arg, own_options[k], length) == 0 && (arg[length] == '\0' || arg[length] == '='))
            return own_options[k];
    }
    return NULL;
}

int options_parse(int argc, char **argv, run_options *out) {
    const char *program = argv[0] && argv[0][0] ? argv[0] : "canvas-lua";
    *out = (run_options){
        .format = "json",
        .max_instructions = DEFAULT_MAX_INSTRUCTIONS,
        .max_memory = DEFAULT_MAX_MEMORY,
        .max_time = DEFAULT_MAX_TIME,
    };
    /* At most one chunk per argument; the array lives as long as the process. */
    out->chunks = calloc((size_t)argc, sizeof *out->chunks);
    if (out->chunks == NULL) {
        usage_error(program, "not enough memory for the command line", NULL);
        return OPTIONS_USAGE_ERROR;
    }
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] != '\0'; i++) {  /* "-" alone is the script */
        const char *arg = argv[i], *value = NULL;
        unsigned long long amount;
        if (strcmp(arg, "--") == 0) {
            i++;
            break;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(usage_text, stdout);
            return OPTIONS_DONE;
        } else if (strcmp(arg, "-v") == 0 || strcmp(arg, "--version") == 0) {
            printf("canvas-lua %s (Canvas ABI %u, %s)\n", canvas_version(), canvas_abi_version(), LUA_RELEASE);
            return OPTIONS_DONE;
        } else if (strncmp(arg, "-e", 2) == 0) {  /* -e CHUNK or -eCHUNK, as lua takes it */
            const char *chunk = arg[2] ? arg + 2 : i + 1 < argc ? argv[++i] : NULL;
            if (!chunk) {
                usage_error(program, "-e expects a chunk of Lua", NULL);
                return OPTIONS_USAGE_ERROR;
            }
            out->chunks[out->chunk_count++] = chunk;
        } else if (strcmp(arg, "--rtl") == 0) {
            out->rtl = 1;
        } else if (strcmp(arg, "--sandbox") == 0) {
            out->sandbox = 1;
        } else if (option_with_value(argc, argv, &i, "--format", &value)) {
            if (!value || (strcmp(value, "json") != 0 && strcmp(value, "text") != 0)) {
                usage_error(program, "--format expects json or text, got", value ? value : "nothing");
                return OPTIONS_USAGE_ERROR;
            }
            out->format = value;
        } else if (option_with_value(argc, argv, &i, "--svg", &value)) {
            if (!value || !value[0]) {
                usage_error(program, "--svg expects a file name", NULL);
                return OPTIONS_USAGE_ERROR;
            }
            out->svg = value;
        } else if (option_with_value(argc, argv, &i, "--max-instructions", &value)) {
            if (!value || !parse_amount(value, 0, &amount) || amount > (unsigned long long)LLONG_MAX) {
                usage_error(program, "--max-instructions expects a whole number, got", value ? value : "nothing");
                return OPTIONS_USAGE_ERROR;
            }
            out->max_instructions = (long long)amount;
        } else if (option_with_value(argc, argv, &i, "--max-memory", &value)) {
            if (!value || !parse_amount(value, 1, &amount) || amount > SIZE_MAX) {
                usage_error(program, "--max-memory expects a size such as 512M or 2G, got", value ? value : "nothing");
                return OPTIONS_USAGE_ERROR;
            }
            out->max_memory = (size_t)amount;
        } else if (option_with_value(argc, argv, &i, "--max-time", &value)) {
            char *end = NULL;
            double seconds = value && value[0] != '-' ? strtod(value, &end) : -1;
            /* at most a year: the timer's seconds must fit a time_t */
            if (!value || !end || end == value || *end || !(seconds >= 0 && seconds <= 31536000)) {
                usage_error(program, "--max-time expects a number of seconds from 0 to 31536000, got", value ? value : "nothing");
                return OPTIONS_USAGE_ERROR;
            }
            out->max_time = seconds;
        } else {
            usage_error(program, "unknown option", arg);
            return OPTIONS_USAGE_ERROR;
        }
    }
    if (i >= argc && out->chunk_count > 0) {
        out->script = NULL;     /* -e alone: run the chunks, as lua -e does */
        out->script_index = 0;
        return OPTIONS_RUN;
    }
    if (i >= argc) {
        usage_error(program, "no script given", NULL);
        return OPTIONS_USAGE_ERROR;
    }
    out->script = argv[i];
    out->script_index = i;
    /* What follows the script is the script's (its `arg`), as with lua; one of
    ** canvas-lua's own options there is refused rather than silently handed
    ** over. After a `--` everything goes to the script, that included. */
    for (int j = i + 1; j < argc && strcmp(argv[j], "--") != 0; j++) {
        const char *name = own_option(argv[j]);
        if (name) {
            fprintf(stderr, "%s: %s after the script would be the script's argument, not canvas-lua's option; "
                            "put it before the script (%s [options] script.lua [args...]), "
                            "or after -- to hand it to the script\n", program, name, program);
            fprintf(stderr, "Try '%s --help' for more information.\n", program);
            return OPTIONS_USAGE_ERROR;
        }
    }
    return OPTIONS_RUN;
}
