/*
** lcanvas_internal.h: what the binding's C files share.
*/
#ifndef LCANVAS_INTERNAL_H
#define LCANVAS_INTERNAL_H

#include <lua.h>
#include <lauxlib.h>

#include "canvas.h"

#define LCANVAS_OBJECT "canvas.Canvas"

/*
** A canvas as Lua holds it: a full userdata with __gc, so an engine is
** freed even when a Lua error interrupts the code that made it. Its user
** value is a table holding the Lua side of the state:
**   ids    array: data index -> the id as the script gave it (integer or string)
**   keys   map: interned script id -> its engine id (see lids.c)
**   names  map: engine id -> interned script id
**   next   how many ids have been interned
**   place  the Lua place function, when the layout is one
*/
typedef struct lcanvas {
    canvas_engine *engine;  /* NULL once closed */
    lua_State *L;           /* the state running the engine call in progress */
    int self_index;         /* where this userdata sits on L's stack during that call */
} lcanvas;

/* Runs an engine call that may call back into Lua, with the callback's view
   of the Lua stack set up: `self` is the canvas userdata's stack index. */
#define LCANVAS_CALL(L, canvas, self, call) \
    ((canvas)->L = (L), (canvas)->self_index = lua_absindex((L), (self)), (call))

/* lcanvas.c: the canvas object. */
lcanvas *lcanvas_check(lua_State *L, int index);
void lcanvas_check_status(lua_State *L, lcanvas *canvas, canvas_status status);
int lcanvas_traceback(lua_State *L);

/* A built-in or Lua layout, as read from a description. */
typedef struct lcanvas_layout {
    enum { LCANVAS_FLOW, LCANVAS_GRID, LCANVAS_CUSTOM } kind;
    double h_spacing, v_spacing;
    double max_width;                   /* flow; 0 for none */
    canvas_flow_alignment flow_alignment;
    int64_t columns;                    /* grid; -1 for a square-ish grid */
    canvas_point grid_alignment;
} lcanvas_layout;

/* ldescription.c: reading a description table into the canvas at `self`. */
void lcanvas_apply_description(lua_State *L, int self, int description);
void lcanvas_read_layout_table(lua_State *L, int table, const char *kind, lcanvas_layout *out);
void lcanvas_check_keys(lua_State *L, int table, const char *const *known, const char *where);

/* lids.c: script ids <-> engine ids; `state` is the canvas's user value. */
void lcanvas_new_state(lua_State *L);
uint64_t lcanvas_engine_id(lua_State *L, int state, int id);
int lcanvas_known_id(lua_State *L, int state, int id, uint64_t *out);
void lcanvas_push_script_id(lua_State *L, int state, uint64_t key);

/* lplace.c: Lua place functions as canvas_place_fn. */
canvas_status lcanvas_place(void *user, const canvas_size *sizes, size_t count,
                            double proposal_width, double proposal_height,
                            canvas_rect *frames_out);

/* lvalues.c: checked reads from description tables. */
lua_Number lcanvas_number_field(lua_State *L, int table, const char *key, lua_Number fallback, const char *where);
lua_Number lcanvas_check_finite(lua_State *L, int index, const char *where, const char *key);
int lcanvas_size_pair(lua_State *L, int index, const char *where, canvas_size *out);
canvas_point lcanvas_unit_point(lua_State *L, int index, const char *where);
void lcanvas_push_rect(lua_State *L, canvas_rect rect);
void lcanvas_push_size(lua_State *L, canvas_size size);

#endif
