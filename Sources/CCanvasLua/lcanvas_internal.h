/*
** lcanvas_internal.h: what the binding's C files share.
*/
#ifndef LCANVAS_INTERNAL_H
#define LCANVAS_INTERNAL_H

#include "lluaheaders.h"

#include "canvas.h"

#define LCANVAS_OBJECT "canvas.Canvas"

/*
** A canvas as Lua holds it: a full userdata with __gc, so an engine is
** freed even when a Lua error interrupts the code that made it. Its user
** value is a table holding the Lua side of the state:
**   ids    array: data index -> the id as the script gave it (integer or string)
**   keys   map: interned script id -> its engine id (see lids.c)
**   names  map: engine id -> interned script id
**   next   how many ids have been interned (engine ids are never reused)
**   pending, pending_next  ids interned by the items being read, until committed
**   place  the Lua place function, when the layout is one
**   measure, on_zoom, on_zoom_begin, on_zoom_end  the Lua callbacks, when given
**   item_size  {w, h} when every item has one size (items may then be a count)
**   measured   true when sizes come from measuring or an estimate
**   axis       the zoom axis's name, for results
**   show_viewport, show_zoom, show_backdrop, show_lod  which optional parts results carry
*/
typedef struct lcanvas {
    canvas_engine *engine;  /* NULL once closed */
    lua_State *L;           /* the state running the engine call in progress */
    int self_index;         /* where this userdata sits on L's stack during that call */
    int calling;            /* engine calls in progress: >0 while callbacks may run */
} lcanvas;

/* Callbacks read L and self_index, so only the outermost call sets them: a
   call made from inside a callback is refused by the engine as busy, and
   must not point the outer call's callbacks at a stack slot about to go. */
static inline int lcanvas_enter(lua_State *L, lcanvas *canvas, int self) {
    if (canvas->calling++ == 0) {
        canvas->L = L;
        canvas->self_index = lua_absindex(L, self);
    }
    return 0;
}

/* The binding ends with the outermost call, so a callback the engine might
   make outside one finds no state (lcanvas_callback refuses it) instead of
   a stale state or stack slot. */
static inline canvas_status lcanvas_leave(lcanvas *canvas, canvas_status status) {
    if (--canvas->calling == 0) {
        canvas->L = NULL;
        canvas->self_index = 0;
    }
    return status;
}

/* Runs an engine call that may call back into Lua, with the callback's view
   of the Lua stack set up: `self` is the canvas userdata's stack index.
   Engine calls never raise Lua errors, so `calling` always comes back down.
   Every call taking a non-const engine goes through here (place, measure
   and zoom callbacks can run from any edit, gesture, setter or resolve). */
#define LCANVAS_CALL(L, canvas, self, call) \
    (lcanvas_enter((L), (canvas), (self)), lcanvas_leave((canvas), (call)))

/* lcanvas.c: the canvas object. */
lcanvas *lcanvas_check(lua_State *L, int index);
void lcanvas_check_status(lua_State *L, lcanvas *canvas, canvas_status status);
int lcanvas_traceback(lua_State *L);
void lcanvas_resolve(lua_State *L, int self);
void lcanvas_push_result(lua_State *L, int self);
void lcanvas_no_such_id(lua_State *L, int id);

/* Ids out of the engine, as an array of script ids. */
typedef canvas_status (*lcanvas_copy_fn)(const canvas_engine *engine, uint64_t *out,
                                         size_t capacity, size_t *count_out);
void lcanvas_push_ids(lua_State *L, lcanvas *canvas, int state, lcanvas_copy_fn copy);
void lcanvas_push_id_array(lua_State *L, int state, const uint64_t *ids, size_t count);
uint64_t *lcanvas_copy_ids_to_buffer(lua_State *L, lcanvas *canvas, lcanvas_copy_fn copy, size_t *count);

/* lmethods.c: the canvas object's methods, added to the metatable on top,
   and the argument helpers every method file shares. */
void lcanvas_open_methods(lua_State *L);
int lcanvas_push_state(lua_State *L);
void lcanvas_show(lua_State *L, const char *part);
lua_Number lcanvas_finite_arg(lua_State *L, int arg);
uint64_t lcanvas_check_id_at(lua_State *L, int state, int index, int arg);
/* lsetters.c: set_layout, set_margins, ..., deselect, clear_selection. */
void lcanvas_open_setters(lua_State *L);

/* A built-in or Lua layout, as read from a description. */
typedef struct lcanvas_layout {
    enum { LCANVAS_FLOW, LCANVAS_GRID, LCANVAS_CUSTOM, LCANVAS_FREE, LCANVAS_TREE, LCANVAS_LAYERED } kind;
    double h_spacing, v_spacing;
    double max_width;                   /* flow; 0 for none */
    canvas_flow_alignment flow_alignment;
    int64_t columns;                    /* grid; -1 for a square-ish grid */
    canvas_point grid_alignment;
    canvas_tree_settings tree;          /* canvas.tree{...} */
    canvas_layered_settings layered;    /* canvas.layered{...} */
} lcanvas_layout;

/* ldescription.c: reading a description table into the canvas at `self`. */
void lcanvas_apply_description(lua_State *L, int self, int description);
void lcanvas_apply_zoom_table(lua_State *L, int self, int table);
const char *lcanvas_zoom_axis_name(lua_State *L, lcanvas *canvas);  /* the engine's axis in force */
void lcanvas_apply_option(lua_State *L, int self, const char *key, int value);
void lcanvas_read_layout_table(lua_State *L, int table, const char *kind, lcanvas_layout *out);
void lcanvas_check_keys(lua_State *L, int table, const char *const *known, const char *where);

/* Items as read from a description or set_items: sizes (NULL when they come
   from measuring) and engine ids, in data order. */
typedef struct lcanvas_items {
    canvas_size *sizes;     /* NULL when measured, or when every item has `size` */
    uint64_t *ids;
    size_t count;
    int uniform;            /* every item has `size`: the engine stores it once */
    canvas_size size;
} lcanvas_items;

/* Where item sizes come from. */
typedef struct lcanvas_sizing {
    int uniform;            /* every item has `size` */
    canvas_size size;
    int measured;           /* measured or estimated: entries need no size */
} lcanvas_sizing;

void lcanvas_read_items(lua_State *L, int source, int state, const lcanvas_sizing *sizing, lcanvas_items *out);
canvas_status lcanvas_set_items(canvas_engine *engine, const lcanvas_items *list);
void lcanvas_state_sizing(lua_State *L, int state, lcanvas_sizing *out);

/* lgestures.c: pinches, taps and selections, from a list or one by one. */
int lcanvas_read_gestures(lua_State *L, int list, int state);  /* pushes them; returns the count */
void lcanvas_replay_gestures(lua_State *L, int self, int gestures, int count);
int lcanvas_gestures_move(lua_State *L, int gestures, int count);
canvas_point lcanvas_viewport_point(lua_State *L, lcanvas *canvas, int x, int y, const char *where);

/* lmotion.c: motion settings, input methods, and motion as tables. */
typedef struct lcanvas_motion {
    double deceleration;    /* NaN: not given */
    int bounce, scroll_enabled, indicators, pan_axis, crown_axis;  /* -1: not given */
} lcanvas_motion;

typedef struct lcanvas_fit {
    int has_region;
    canvas_rect region;
    double padding;
    int animated;
    double duration;        /* CANVAS_DURATION_DEFAULT: the path's own */
    double t;
} lcanvas_fit;

extern const char *const lcanvas_phase_names[];
extern const char *const lcanvas_key_names[];
extern const char *const lcanvas_held_key_names[];    /* canvas_held_key order */
extern const char *const lcanvas_button_names[];      /* canvas_pointer_button order */
canvas_pointer_button lcanvas_pointer_button(lua_State *L, int table, const char *where);
extern const char *const lcanvas_wheel_modes[];
extern const char *const lcanvas_wheel_keys[];
extern const char *const lcanvas_fit_keys[];
void lcanvas_read_motion(lua_State *L, int table, const char *where, lcanvas_motion *out);
void lcanvas_apply_motion(lua_State *L, lcanvas *canvas, int self, const lcanvas_motion *motion);
void lcanvas_push_motion(lua_State *L, lcanvas *canvas);
void lcanvas_push_indicators(lua_State *L, lcanvas *canvas);
void lcanvas_push_tick(lua_State *L, const canvas_tick_result *result);
double lcanvas_clock(lua_State *L, lcanvas *canvas);
void lcanvas_read_wheel(lua_State *L, int table, const char *where, double now, canvas_wheel_event *out);
void lcanvas_read_fit(lua_State *L, int table, const char *where, double now, lcanvas_fit *out);
canvas_status lcanvas_zoom_to_fit(lua_State *L, lcanvas *canvas, int self, const lcanvas_fit *fit);
void lcanvas_open_motion_methods(lua_State *L);

/* llod.c: level of detail; lcanvas_push_lod pushes {items=, clusters=}. */
void lcanvas_read_lod(lua_State *L, int table, const char *where, double *min_size, double *cell);
void lcanvas_push_lod(lua_State *L, lcanvas *canvas, int state, double min_size, double cell);
void lcanvas_push_clusters(lua_State *L, lcanvas *canvas, int state);  /* the published ones */
/* {x=, y=, width=, height=, count=, id=, selected=} */
void lcanvas_push_cluster(lua_State *L, int state, const canvas_cluster *cluster, uint64_t selected);
void lcanvas_open_lod_methods(lua_State *L);

/* lids.c: script ids <-> engine ids; `state` is the canvas's user value. */
void lcanvas_new_state(lua_State *L);
void lcanvas_begin_ids(lua_State *L, int state);
uint64_t lcanvas_engine_id(lua_State *L, int state, int id);
void lcanvas_commit_ids(lua_State *L, int state);
void lcanvas_keep_pending_ids(lua_State *L, int state);
int lcanvas_known_id(lua_State *L, int state, int id, uint64_t *out);
void lcanvas_push_script_id(lua_State *L, int state, uint64_t key);
void lcanvas_note_edit(lua_State *L, lcanvas *canvas, int state);       /* after an edit that pushed a step */
void lcanvas_note_live_ids(lua_State *L, lcanvas *canvas, int state);   /* after undo or redo */
void lcanvas_carry_id(lua_State *L, int state, int id, uint64_t key);   /* an id an edit is about to use */

/* lediting.c: the free layout, edits, batches, undo, selection by rectangle,
   tool, snap, guides and focus. */
void lcanvas_open_editing_methods(lua_State *L);

/* lhistory.c: the undo history's budget and a host's cap on it. */
void lcanvas_open_history_methods(lua_State *L);
void lcanvas_apply_history_cap(lua_State *L, lcanvas *canvas);   /* a new canvas starts under the cap */

/* lreads.c: the per-frame reads, and an edit's "published" answer. */
void lcanvas_open_read_methods(lua_State *L);
uint64_t lcanvas_publish_count(lua_State *L, lcanvas *canvas);
int lcanvas_push_published(lua_State *L, lcanvas *canvas, uint64_t before);
void lcanvas_set_free_frames(lua_State *L, lcanvas *canvas, int self, int items, const lcanvas_items *list);
void lcanvas_apply_editing(lua_State *L, lcanvas *canvas, int self, int description);
void lcanvas_push_editing_result(lua_State *L, lcanvas *canvas, int state);

/* llinks.c: links in and out (item ends as script ids, link ids as integers). */
extern const char *const lcanvas_link_styles[];   /* canvas_link_style order, NULL-terminated */
extern const char *const lcanvas_link_sides[];    /* canvas_side order, NULL-terminated */
/* Reads the links array at list into a scratch userdata it pushes; ids
   default to positions unless ids_required. `where` names the list. */
canvas_link *lcanvas_read_links(lua_State *L, int list, int state, const char *where, int ids_required, size_t *count);
void lcanvas_check_links_status(lua_State *L, lcanvas *canvas, canvas_status status, int state, int list,
                                const canvas_link *links, size_t count, const char *where);
int lcanvas_push_result_links(lua_State *L, lcanvas *canvas, int state);   /* pushes nothing (0) without links */
void lcanvas_push_link_ids(lua_State *L, lcanvas *canvas, lcanvas_copy_fn copy);
void lcanvas_push_link_update(lua_State *L, lcanvas *canvas);      /* sets the update's link lists */
void lcanvas_push_cluster_links(lua_State *L, lcanvas *canvas, int state);
void lcanvas_open_link_methods(lua_State *L);

/* lplace.c: Lua place functions as canvas_place_links_fn. */
/* lcallback.c: runs body(call, canvas userdata) under lua_pcall for an
   engine callback; `what` names the callback in messages. */
canvas_status lcanvas_callback(lcanvas *canvas, lua_CFunction body, void *call, const char *what);

canvas_status lcanvas_place(void *user, const canvas_layout_item *items, size_t count,
                            const canvas_layout_link *links, size_t link_count,
                            double proposal_width, double proposal_height,
                            canvas_rect *frames_out);

/* lmeasure.c: a Lua measure function as canvas_measure_fn. */
canvas_status lcanvas_measure(void *user, uint64_t id, size_t index, double proposal_width,
                              canvas_size *size_out);

/* lzoom.c: on_zoom, on_zoom_begin and on_zoom_end as one canvas_zoom_fn. */
canvas_status lcanvas_zoom(void *user, canvas_zoom_event event, double scale);

/* lvalues.c: checked reads from description tables. */
lua_Number lcanvas_number_field(lua_State *L, int table, const char *key, lua_Number fallback, const char *where);
lua_Number lcanvas_check_finite(lua_State *L, int index, const char *where, const char *key);
const char *lcanvas_got(lua_State *L, int index);
int lcanvas_size_pair(lua_State *L, int index, const char *where, canvas_size *out);
extern const char *const lcanvas_anchor_names[];  /* the nine unit-point names, NULL-terminated */
canvas_point lcanvas_unit_point(lua_State *L, int index, const char *where);
void lcanvas_push_rect(lua_State *L, canvas_rect rect);
void lcanvas_push_size(lua_State *L, canvas_size size);
void lcanvas_push_point(lua_State *L, canvas_point point);
canvas_rect lcanvas_rect_table(lua_State *L, int index, const char *where);
canvas_point lcanvas_point_table(lua_State *L, int index, const char *where);

#endif
