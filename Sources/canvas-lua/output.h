/*
** output.h: writers for a resolved canvas (the table canvas.resolve returns).
** Each reads the result at the given stack index and writes to `out`; they
** raise Lua errors on malformed input, so call them under lua_pcall.
*/
#ifndef CANVAS_LUA_OUTPUT_H
#define CANVAS_LUA_OUTPUT_H

#include <stdio.h>
#include <lua.h>

void output_json(lua_State *L, int result, FILE *out);
void output_text(lua_State *L, int result, FILE *out);

/* A picture of the canvas; title (may be NULL) heads it, and labels are
   drawn at 12 points times label_scale (the zoom the host last saw). */
void output_svg(lua_State *L, int result, const char *title, double label_scale, double overscan, FILE *out);

/* Shared helpers. */
void output_number(FILE *out, double value);
double output_field(lua_State *L, int table, const char *key);

#endif
