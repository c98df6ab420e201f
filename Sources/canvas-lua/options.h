/*
** options.h: canvas-lua's command line.
*/
#ifndef CANVAS_LUA_OPTIONS_H
#define CANVAS_LUA_OPTIONS_H

#include <stddef.h>

typedef struct run_options {
    const char *script;         /* the layout script; "-" for standard input; NULL for -e alone */
    int script_index;           /* its position in argv; later arguments go to the script */
    const char **chunks;        /* -e chunks, run in order before the script; the caller frees it */
    int chunk_count;
    const char *format;         /* "json" or "text" */
    const char *svg;            /* where to draw the canvas, or NULL */
    int rtl;                    /* --rtl: force right-to-left */
    int sandbox;                /* --sandbox: no io, os, debug, package loaders */
    long long max_instructions; /* 0: unlimited */
    size_t max_memory;          /* bytes; 0: unlimited */
} run_options;

enum { OPTIONS_RUN, OPTIONS_DONE, OPTIONS_USAGE_ERROR };

/* Parses argv into out; prints help, version or a usage error itself. */
int options_parse(int argc, char **argv, run_options *out);

#endif
