/*
** canvas.h: the C interface to Canvas, a headless 2D canvas layout and
** viewport engine.
**
** This header is the contract. Anything not declared here is not a
** published interface; new functions and status codes may be added in
** later versions, but nothing declared here is renamed or changes meaning
** without a new CANVAS_ABI_VERSION.
**
** Conventions:
**   - Every function is prefixed canvas_; every handle is opaque.
**   - Every fallible call returns a canvas_status. On failure it also sets
**     the engine's last-error string (canvas_engine_last_error) and leaves
**     the engine exactly as it was before the call.
**   - Output buffers belong to the caller. Functions that fill one take its
**     capacity and report the count needed; pass NULL to ask for the count.
**   - Every callback receives the void *user pointer it was registered with.
**   - Threads: an engine may be used from any thread, but from one thread
**     at a time. Different engines share no state and may be used from
**     different threads at once. canvas_abi_version and
**     canvas_status_string may be called from anywhere at any time.
**   - A callback must not call back into the engine that invoked it; such a
**     call is refused with CANVAS_ERR_BUSY.
*/
#ifndef CANVAS_H
#define CANVAS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** ABI version. Compiled into the caller from this header; compare it with
** canvas_abi_version() (the linked library's) to detect a mismatch:
**
**     assert(canvas_abi_version() == CANVAS_ABI_VERSION);
*/
#define CANVAS_ABI_VERSION 1

/* Library version, for people; CANVAS_ABI_VERSION is what programs check. */
#define CANVAS_VERSION "0.1.0"

/*
** Status codes. CANVAS_OK is zero; every failure is a distinct non-zero
** code. New codes may be added; treat unknown non-zero codes as failures.
*/
typedef int canvas_status;
#define CANVAS_OK                    0  /* Success */
#define CANVAS_ERR_NULL              1  /* A required pointer argument was NULL */
#define CANVAS_ERR_INVALID_ARGUMENT  2  /* An argument is out of range or inconsistent */
#define CANVAS_ERR_NON_FINITE        3  /* A number that must be finite was NaN or infinite */
#define CANVAS_ERR_CALLBACK          4  /* A host callback returned a failure */
#define CANVAS_ERR_BUFFER_TOO_SMALL  5  /* An output buffer is smaller than the result */
#define CANVAS_ERR_BAD_LAYOUT        6  /* A layout returned unusable frames */
#define CANVAS_ERR_BUSY              7  /* Called from inside one of the engine's own callbacks */
#define CANVAS_ERR_NOT_FOUND         8  /* An id names no item */

/* A size in points. */
typedef struct canvas_size {
    double width;
    double height;
} canvas_size;

/* A rectangle: top-left corner and size, in points. y grows downwards. */
typedef struct canvas_rect {
    double x;
    double y;
    double width;
    double height;
} canvas_rect;

/* A point, in points. */
typedef struct canvas_point {
    double x;
    double y;
} canvas_point;

/* Margins around the content. Leading is the side reading starts from. */
typedef struct canvas_insets {
    double top;
    double leading;
    double bottom;
    double trailing;
} canvas_insets;

/*
** An engine: items, a layout, the options that place them, and the last
** resolved frames. Create with canvas_engine_create, free with
** canvas_engine_destroy.
*/
typedef struct canvas_engine canvas_engine;

/*
** Returns CANVAS_ABI_VERSION as the linked library was built with it.
*/
unsigned canvas_abi_version(void);

/*
** Returns the library version as a static string, "MAJOR.MINOR.PATCH".
*/
const char *canvas_version(void);

/*
** Returns a static English description of a status code; unknown codes
** give "unknown status".
*/
const char *canvas_status_string(canvas_status status);

/*
** CONSTRUCTOR: canvas_engine
** Creates an engine with no items, a flow layout with default settings,
** automatic content size, no margins, a centered content anchor and
** left-to-right direction. Returns NULL only when memory runs out.
*/
canvas_engine *canvas_engine_create(void);

/*
** DESTRUCTOR: canvas_engine
** Frees the engine and everything it owns. NULL is a harmless no-op.
** Strings and pointers obtained from the engine become invalid.
*/
void canvas_engine_destroy(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Returns the message of the most recent failed call on this engine, or ""
** when no call has failed. The string is owned by the engine and stays valid
** until the next call on it that fails or until it is destroyed; copy it to
** keep it. A NULL engine gives a static message saying so.
*/
const char *canvas_engine_last_error(const canvas_engine *engine);

/*
** METHOD: canvas_engine
** Replaces the items. sizes holds count sizes, in data order; ids holds count
** ids, or is NULL to number the items 1..count. Ids must be unique. A
** non-finite or negative width or height is taken as 0. sizes may be NULL
** when count is 0. The new items are laid out by the next canvas_resolve.
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_INVALID_ARGUMENT (duplicate id).
*/
canvas_status canvas_set_items(
    canvas_engine *engine,
    const canvas_size *sizes,   /* IN: count sizes */
    const uint64_t *ids,        /* IN: count ids, or NULL for 1..count */
    size_t count);

/*
** METHOD: canvas_engine
** Returns the number of items set by the last successful canvas_set_items.
** A NULL engine gives 0.
*/
size_t canvas_get_item_count(const canvas_engine *engine);

/* Vertical alignment of items inside a flow row. */
typedef int canvas_flow_alignment;
#define CANVAS_FLOW_ALIGN_TOP     0
#define CANVAS_FLOW_ALIGN_CENTER  1
#define CANVAS_FLOW_ALIGN_BOTTOM  2

/*
** METHOD: canvas_engine
** Selects the flow layout: items left to right, wrapping into rows. Rows
** wrap at max(max_width, widest item) when max_width > 0; otherwise at the
** proposal's width when it has one; otherwise at the side of a square that
** holds every item. Pass max_width = 0 (or NaN) for "no maximum".
** Defaults elsewhere: spacing 8 and 8, CANVAS_FLOW_ALIGN_CENTER.
**
** Errors: CANVAS_ERR_NON_FINITE (a spacing), CANVAS_ERR_INVALID_ARGUMENT
** (negative spacing or max_width, unknown alignment).
*/
canvas_status canvas_set_layout_flow(
    canvas_engine *engine,
    double h_spacing,
    double v_spacing,
    canvas_flow_alignment alignment,
    double max_width);

/*
** METHOD: canvas_engine
** Selects the grid layout: columns columns filled row by row; each column is
** as wide as its widest item, each row as tall as its tallest, and an item
** sits in its cell at alignment, a unit point ((0,0) top-leading, (1,1)
** bottom-trailing). columns 0 counts as 1. Defaults elsewhere: spacing 8
** and 8, alignment (0.5, 0.5).
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (negative
** columns or spacing, alignment outside 0..1).
*/
canvas_status canvas_set_layout_grid(
    canvas_engine *engine,
    int64_t columns,
    double h_spacing,
    double v_spacing,
    canvas_point alignment);

/*
** A custom layout: place count items of the given sizes and write one frame
** per item, in item order, to frames_out (room for count frames). Frames may
** lie anywhere, negative coordinates included; the engine normalizes,
** mirrors and anchors them. A proposal side is NaN when the canvas leaves it
** open (automatic content size). Return CANVAS_OK, or any non-zero value to
** fail the resolve (the engine reports CANVAS_ERR_CALLBACK and keeps its
** previous frames). user is the pointer given to canvas_set_layout_custom.
*/
typedef canvas_status (*canvas_place_fn)(
    void *user,
    const canvas_size *sizes,
    size_t count,
    double proposal_width,
    double proposal_height,
    canvas_rect *frames_out);

/*
** METHOD: canvas_engine
** Selects a custom layout. The engine calls place during canvas_resolve,
** never after canvas_engine_destroy or after another layout is selected;
** user must stay valid until then.
**
** Errors: CANVAS_ERR_NULL (place).
*/
canvas_status canvas_set_layout_custom(canvas_engine *engine, canvas_place_fn place, void *user);

/* How the content size follows the items. */
typedef int canvas_content_mode;
#define CANVAS_CONTENT_AUTOMATIC  0  /* the cluster of items plus margins */
#define CANVAS_CONTENT_FIXED      1  /* exactly size; larger content spills past it */
#define CANVAS_CONTENT_AT_LEAST   2  /* per axis, the larger of size and the automatic size */

/*
** METHOD: canvas_engine
** Sets the content size mode; size is ignored for CANVAS_CONTENT_AUTOMATIC.
** With FIXED and AT_LEAST, layouts are proposed size less margins.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown mode, negative size),
** CANVAS_ERR_NON_FINITE.
*/
canvas_status canvas_set_content_size(canvas_engine *engine, canvas_content_mode mode, canvas_size size);

/*
** METHOD: canvas_engine
** Sets the margins around the content.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (negative).
*/
canvas_status canvas_set_margins(canvas_engine *engine, canvas_insets margins);

/*
** METHOD: canvas_engine
** Sets where the cluster sits in the space inside the margins, as a unit
** point: (0,0) top-leading, (0.5,0.5) center (the default), (1,1)
** bottom-trailing. In right-to-left the x is mirrored.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (outside 0..1).
*/
canvas_status canvas_set_content_anchor(canvas_engine *engine, canvas_point anchor);

/* Reading direction. */
typedef int canvas_direction;
#define CANVAS_DIRECTION_LTR  0
#define CANVAS_DIRECTION_RTL  1

/*
** METHOD: canvas_engine
** Sets the layout direction. Right-to-left mirrors every layout and swaps
** which physical side the leading and trailing margins fall on.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown direction).
*/
canvas_status canvas_set_layout_direction(canvas_engine *engine, canvas_direction direction);

/*
** METHOD: canvas_engine
** Lays out the current items with the current layout and options. On
** failure the frames, content size and bounds of the previous successful
** resolve stay in place.
**
** Errors: CANVAS_ERR_CALLBACK (a custom layout failed; its message is kept
** if it set one), CANVAS_ERR_BAD_LAYOUT (wrong number of frames, a
** non-finite or negative-sized frame).
*/
canvas_status canvas_resolve(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Copies the resolved frames, in data order, into out (room for capacity
** frames) and stores their number in *count_out. With out NULL only the
** count is stored. Frames belong to the last successful canvas_resolve.
**
** Errors: CANVAS_ERR_NULL (engine or count_out), CANVAS_ERR_BUFFER_TOO_SMALL
** (*count_out still says how many are needed; nothing is written).
*/
canvas_status canvas_copy_frames(
    const canvas_engine *engine,
    canvas_rect *out,           /* OUT: frames, or NULL to ask the count */
    size_t capacity,
    size_t *count_out);         /* OUT: number of frames */

/*
** METHOD: canvas_engine
** Copies the ids of the resolved frames, in the same order as
** canvas_copy_frames; same buffer rules.
*/
canvas_status canvas_copy_ids(
    const canvas_engine *engine,
    uint64_t *out,              /* OUT: ids, or NULL to ask the count */
    size_t capacity,
    size_t *count_out);         /* OUT: number of ids */

/*
** METHOD: canvas_engine
** Stores the content size of the last successful resolve in *out.
**
** Errors: CANVAS_ERR_NULL.
*/
canvas_status canvas_get_content_size(const canvas_engine *engine, canvas_size *out);

/*
** METHOD: canvas_engine
** Stores the content bounds of the last successful resolve (where the
** cluster of items sits: origin and size) in *out.
**
** Errors: CANVAS_ERR_NULL.
*/
canvas_status canvas_get_content_bounds(const canvas_engine *engine, canvas_rect *out);

/*
** METHOD: canvas_engine
** Called from inside a callback (a place or measure function) that is about
** to return a failure: keeps message as the reason, so the call that ran the
** callback fails with CANVAS_ERR_CALLBACK and this text as its last error.
** message is copied; NULL gives a generic message.
**
** Errors: CANVAS_ERR_NULL (engine), CANVAS_ERR_INVALID_ARGUMENT (not inside a
** callback).
*/
canvas_status canvas_callback_error(canvas_engine *engine, const char *message);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* CANVAS_H */
