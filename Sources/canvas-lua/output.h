/*
** output.h: writers for a resolved canvas (the table canvas.resolve returns).
** Each reads the result at the given stack index and writes to `out`; they
** raise Lua errors on malformed input, so call them under lua_pcall.
*/
#ifndef CANVAS_LUA_OUTPUT_H
#define CANVAS_LUA_OUTPUT_H

#include <stdio.h>
#include "lluaheaders.h"

void output_json(lua_State *L, int result, FILE *out);

/* Raises an error when a number in the result is not finite, so that no
   writer ever prints null, inf or nan for one (the engine refuses such
   results itself; this is the edge's own guard). Call before writing. */
void output_check_finite(lua_State *L, int result);
void output_text(lua_State *L, int result, FILE *out);

/* A picture of the canvas; title (may be NULL) heads it, and labels are
   drawn at 12 points times label_scale (the zoom the host last saw). */
void output_svg(lua_State *L, int result, const char *title, double label_scale, double overscan, FILE *out);

/* Shared helpers. */
#define OUTPUT_NUMBER_SIZE 32
/* The shortest text that reads back to the same double (whole numbers
   below 1e15 without a point); fits OUTPUT_NUMBER_SIZE. */
const char *output_format_number(double value, char text[OUTPUT_NUMBER_SIZE]);
void output_number(FILE *out, double value);

/* output_utf8.c: text that is not UTF-8 is written with U+FFFD for each
   byte that does not start a valid sequence (see there). */
#define OUTPUT_REPLACEMENT "\xEF\xBF\xBD"
/* The length (1 to 4) of the valid UTF-8 sequence at text, or 0. */
size_t output_utf8_sequence(const unsigned char *text, size_t length);
/* Writes text by the rule; returns how many characters it wrote. */
size_t output_write_utf8(FILE *out, const char *text, size_t length);
double output_field(lua_State *L, int table, const char *key);

#endif
