/*
** canvas.h: the C interface to Canvas, a headless 2D canvas layout and
** viewport engine.
**
** Where comments name Pannable, they mean the SwiftUI view that lays a
** collection out on a large pannable canvas and builds only the items on
** screen: Canvas follows its layout rules and its behavior.
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
**   - Errors: every function that takes an engine fails with CANVAS_ERR_NULL
**     when it is NULL and with CANVAS_ERR_BUSY from inside one of its
**     callbacks (those that return no status give 0 or "" instead). Each
**     function's "Errors:" paragraph lists the failures beyond these; "none
**     beyond the engine's" means just these two.
**   - Positions in messages: the engine's messages count items from 0, as C
**     indexes ("duplicate id 5 at items 1 and 6" names the second and the
**     seventh item); the Lua module's messages count from 1, as Lua does
**     ("items[2]" is the second).
**   - Faces: each function's comment ends with its spelling in Lua (the
**     module; c is a canvas object), Python (the canvas package) and Swift
**     (CanvasCore), or none with the reason; docs/parity.md tabulates them.
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
enum {
    CANVAS_OK = 0,                      /* Success */
    CANVAS_ERR_NULL = 1,                /* A required pointer argument was NULL */
    CANVAS_ERR_INVALID_ARGUMENT = 2,    /* An argument is out of range or inconsistent */
    CANVAS_ERR_NON_FINITE = 3,          /* A number that must be finite was NaN or infinite */
    CANVAS_ERR_CALLBACK = 4,            /* A host callback returned a failure */
    CANVAS_ERR_BUFFER_TOO_SMALL = 5,    /* An output buffer is smaller than the result */
    CANVAS_ERR_BAD_LAYOUT = 6,          /* A layout returned unusable frames */
    CANVAS_ERR_BUSY = 7,                /* Called from inside one of the engine's own callbacks */
    CANVAS_ERR_NOT_FOUND = 8,           /* An id names no item */
    CANVAS_ERR_NO_MEMORY = 9,           /* Memory sized by the input cannot be had, or a count is past its limit */
};

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
**
** Errors: none (never fails)
**
** Lua: canvas.abi_version
** Python: canvas.ABI_VERSION
** Swift: none (Swift builds the engine into the program: there is no ABI between them)
*/
unsigned canvas_abi_version(void);

/*
** Returns the library version as a static string, "MAJOR.MINOR.PATCH".
**
** Errors: none (never fails)
**
** Lua: canvas.version
** Python: canvas.__version__
** Swift: none (a Swift package's version is its tag)
*/
const char *canvas_version(void);

/*
** Returns a static English description of a status code; unknown codes
** give "unknown status".
**
** Errors: none (unknown codes give "unknown status")
**
** Lua: none (failures are raised as messages)
** Python: canvas.CanvasError (its status and message)
** Swift: CanvasError.Kind, CanvasError.description
*/
const char *canvas_status_string(canvas_status status);

/*
** CONSTRUCTOR: canvas_engine
** Creates an engine with no items, a flow layout with default settings,
** automatic content size, no margins, a centered content anchor and
** left-to-right direction. Returns NULL only when memory runs out.
**
** Errors: none (NULL only when memory runs out)
**
** Lua: canvas.new, canvas.resolve
** Python: Engine()
** Swift: CanvasEngine.init()
*/
canvas_engine *canvas_engine_create(void);

/*
** DESTRUCTOR: canvas_engine
** Frees the engine and everything it owns. NULL is a harmless no-op.
** Strings and pointers obtained from the engine become invalid.
**
** Errors: none (NULL is a no-op)
**
** Lua: c:close (or garbage collection)
** Python: Engine.close (or with Engine() as engine)
** Swift: none (an engine is freed with its last reference)
*/
void canvas_engine_destroy(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Returns the message of the most recent failed call on this engine, or ""
** when no call has failed. The string is owned by the engine and stays valid
** until the next call on it that fails or until it is destroyed; copy it to
** keep it. A NULL engine gives a static message saying so.
**
** Errors: none (a NULL engine gives a static message)
**
** Lua: none (a failed call raises its message)
** Python: Engine.last_error
** Swift: none (failures are thrown as CanvasError)
*/
const char *canvas_engine_last_error(const canvas_engine *engine);

/*
** METHOD: canvas_engine
** Replaces the items. sizes holds count sizes, in data order; ids holds count
** ids, or is NULL to number the items 1..count. Ids must be unique. A
** non-finite or negative width or height is taken as 0. sizes may be NULL
** when count is 0, or when sizes come from canvas_set_item_size or
** measuring (which then take precedence over any sizes given here). The new
** items are laid out by the next canvas_resolve. New
** items reset the zoom to 1 (reported to the zoom callback). A canvas holds
** at most 2^31 - 1 items; a larger count, or one whose arrays (about 128
** bytes an item) the system will not allocate, is refused before anything
** is allocated, so it can never end the host process.
**
** On a free canvas, until the next canvas_resolve, queries and hit tests
** answer from the last resolution (as on a laid-out canvas).
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_INVALID_ARGUMENT (duplicate id; a
** batch is open: commit or roll it back first, since its edits name the
** old items), CANVAS_ERR_NO_MEMORY (a count past 2^31 - 1, or memory the
** system will not give; nothing changed), CANVAS_ERR_CALLBACK (the zoom
** callback failed; nothing changed).
**
** Lua: c:set_items, description.items
** Python: Engine.set_items
** Swift: CanvasEngine.setItems(sizes:ids:)
*/
canvas_status canvas_set_items(
    canvas_engine *engine,
    const canvas_size *sizes,   /* IN: count sizes */
    const uint64_t *ids,        /* IN: count ids, or NULL for 1..count */
    size_t count);

/*
** METHOD: canvas_engine
** Returns how many items the engine holds now: those of the last successful
** canvas_set_items or canvas_set_item_frames, after every insert, remove,
** undo and redo since (a frame changes it only through such an edit). Cheap
** enough to read every frame. A NULL engine gives 0.
**
** Errors: none (a NULL engine gives 0)
**
** Lua: c:count()
** Python: Engine.item_count
** Swift: CanvasEngine.items (its count)
*/
size_t canvas_get_item_count(const canvas_engine *engine);

/* Vertical alignment of items inside a flow row. */
typedef int canvas_flow_alignment;
enum {
    CANVAS_FLOW_ALIGN_TOP = 0,
    CANVAS_FLOW_ALIGN_CENTER = 1,
    CANVAS_FLOW_ALIGN_BOTTOM = 2,
};

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
**
** Lua: canvas.flow, c:set_layout, description.layout
** Python: Engine.set_flow
** Swift: FlowLayout.init(horizontalSpacing:verticalSpacing:alignment:maxWidth:), CanvasEngine.setLayout(_:)
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
**
** Lua: canvas.grid, c:set_layout, description.layout
** Python: Engine.set_grid
** Swift: GridLayout.init(columns:horizontalSpacing:verticalSpacing:alignment:), CanvasEngine.setLayout(_:)
*/
canvas_status canvas_set_layout_grid(
    canvas_engine *engine,
    int64_t columns,
    double h_spacing,
    double v_spacing,
    canvas_point alignment);

/* Which way a graph layout grows: parents (or a link's source) above their
** children, or to their leading side (mirrored with the rest for right to
** left), or (the tree only) on circles around the roots. */
typedef int canvas_graph_direction;
enum {
    CANVAS_GRAPH_DOWN = 0,
    CANVAS_GRAPH_RIGHT = 1,
    CANVAS_GRAPH_RADIAL = 2,
};

/* The tidy tree's settings: levels level_spacing apart (40 by default),
** siblings sibling_spacing apart and cousins twice that (16). */
typedef struct canvas_tree_settings {
    canvas_graph_direction direction;
    double level_spacing;
    double sibling_spacing;
} canvas_tree_settings;

/*
** METHOD: canvas_engine
** Selects the tidy tree over the canvas's links (Buchheim, Juenger and
** Leipert's linear-time Reingold-Tilford, as d3-hierarchy's tree): a link
** runs from a parent to a child; an item's first link in is its parent
** link, later ones and links that would close a cycle are drawn but do not
** shape the tree; children keep the order of their links; items without a
** parent are roots, side by side as one forest; each item is centred over
** its children. settings NULL takes the defaults (down, 40, 16).
**
** Errors: CANVAS_ERR_NON_FINITE (a spacing), CANVAS_ERR_INVALID_ARGUMENT
** (a negative spacing, an unknown direction).
**
** Lua: canvas.tree, c:set_layout, description.layout
** Python: Engine.set_tree
** Swift: TreeLayout.init(direction:levelSpacing:siblingSpacing:links:), CanvasEngine.setLayout(_:)
*/
canvas_status canvas_set_layout_tree(canvas_engine *engine, const canvas_tree_settings *settings);

/* The layered layout's settings: ranks rank_spacing apart (50 by default),
** items on a rank at least node_spacing apart (20). */
typedef struct canvas_layered_settings {
    canvas_graph_direction direction;
    double rank_spacing;
    double node_spacing;
} canvas_layered_settings;

/*
** METHOD: canvas_engine
** Selects the layered (Sugiyama) layout over the canvas's links, for flow
** charts: cycles broken by reversing links, ranks that keep links short,
** long links split into bends on the ranks they cross, crossings reduced
** by barycentre sweeps and adjacent swaps, ranks placed near their
** neighbours. Every link points down the direction once the cycles are
** broken. settings NULL takes the defaults (down, 50, 20).
**
** Errors: CANVAS_ERR_NON_FINITE (a spacing), CANVAS_ERR_INVALID_ARGUMENT
** (a negative spacing, a direction other than CANVAS_GRAPH_DOWN or
** CANVAS_GRAPH_RIGHT).
**
** Lua: canvas.layered, c:set_layout, description.layout
** Python: Engine.set_layered
** Swift: LayeredLayout.init(direction:rankSpacing:nodeSpacing:links:sweeps:transpose:), CanvasEngine.setLayout(_:)
*/
canvas_status canvas_set_layout_layered(canvas_engine *engine, const canvas_layered_settings *settings);

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
**
** Lua: description.layout (a place function), c:set_layout
** Python: Engine.set_layout, Engine.set_custom
** Swift: CanvasLayout, CanvasEngine.setLayout(_:)
*/
canvas_status canvas_set_layout_custom(canvas_engine *engine, canvas_place_fn place, void *user);

/* One item as canvas_place_items_fn sees it. */
typedef struct canvas_layout_item {
    uint64_t id;            /* the item's id */
    size_t index;           /* its 0-based position in the items */
    canvas_size size;       /* its size, sanitized (finite, not negative) */
} canvas_layout_item;

/*
** A custom layout that also gets each item's id and index, for layouts that
** depend on which item is which (a calendar, a kanban board) rather than on
** sizes alone: place the count items and write one frame per item, in item
** order, to frames_out. Everything else is as for canvas_place_fn.
*/
typedef canvas_status (*canvas_place_items_fn)(
    void *user,
    const canvas_layout_item *items,
    size_t count,
    double proposal_width,
    double proposal_height,
    canvas_rect *frames_out);

/*
** METHOD: canvas_engine
** Selects a custom layout whose place function gets ids and indices too
** (canvas_place_items_fn); otherwise as canvas_set_layout_custom.
**
** Errors: CANVAS_ERR_NULL (engine or place).
**
** Lua: description.layout (a place function: its items carry id and index), c:set_layout
** Python: none (not bound yet: Engine.set_layout's callable gets sizes only)
** Swift: LayoutItem.id, LayoutItem.index, CanvasEngine.setLayout(_:)
*/
canvas_status canvas_set_layout_custom_items(canvas_engine *engine, canvas_place_items_fn place, void *user);

/* How the content size follows the items. */
typedef int canvas_content_mode;
enum {
    CANVAS_CONTENT_AUTOMATIC = 0,    /* the cluster of items plus margins */
    CANVAS_CONTENT_FIXED = 1,        /* exactly size; larger content spills past it */
    CANVAS_CONTENT_AT_LEAST = 2,     /* per axis, the larger of size and the automatic size */
};

/*
** METHOD: canvas_engine
** Sets the content size mode; size is ignored for CANVAS_CONTENT_AUTOMATIC.
** With FIXED and AT_LEAST, layouts are proposed size less margins.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown mode, negative size),
** CANVAS_ERR_NON_FINITE.
**
** Lua: description.content_size, c:set_content_size
** Python: Engine.set_content_size
** Swift: ResolveOptions.contentSize (CanvasEngine.options)
*/
canvas_status canvas_set_content_size(canvas_engine *engine, canvas_content_mode mode, canvas_size size);

/*
** METHOD: canvas_engine
** Sets the margins around the content.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (negative).
**
** Lua: description.margins, c:set_margins
** Python: Engine.set_margins
** Swift: ResolveOptions.margins (CanvasEngine.options)
*/
canvas_status canvas_set_margins(canvas_engine *engine, canvas_insets margins);

/*
** METHOD: canvas_engine
** Sets where the cluster sits in the space inside the margins, as a unit
** point: (0,0) top-leading, (0.5,0.5) center (the default), (1,1)
** bottom-trailing. In right-to-left the x is mirrored.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (outside 0..1).
**
** Lua: description.content_anchor, c:set_content_anchor
** Python: Engine.set_anchor
** Swift: ResolveOptions.contentAnchor (CanvasEngine.options)
*/
canvas_status canvas_set_content_anchor(canvas_engine *engine, canvas_point anchor);

/* Reading direction. */
typedef int canvas_direction;
enum {
    CANVAS_DIRECTION_LTR = 0,
    CANVAS_DIRECTION_RTL = 1,
};

/*
** METHOD: canvas_engine
** Sets the layout direction. Right-to-left mirrors every layout and swaps
** which physical side the leading and trailing margins fall on.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown direction).
**
** Lua: description.direction, c:set_direction
** Python: Engine.set_direction
** Swift: ResolveOptions.direction (CanvasEngine.options)
*/
canvas_status canvas_set_layout_direction(canvas_engine *engine, canvas_direction direction);

/*
** METHOD: canvas_engine
** Lays out the current items with the current layout and options, then
** re-clamps the viewport and publishes what became visible. On failure the
** frames, content size and bounds of the previous successful resolve stay
** in place.
**
** Errors: CANVAS_ERR_CALLBACK (a custom layout failed; its message is kept
** if it set one), CANVAS_ERR_BAD_LAYOUT (wrong number of frames, a
** non-finite or negative-sized frame), CANVAS_ERR_NON_FINITE (finite
** inputs that add up past the finite range: margins of 1e308 around the
** cluster, or a content size the current zoom takes past it; the message
** names the input).
**
** Lua: c:resolve, canvas.resolve
** Python: Engine.resolve
** Swift: CanvasEngine.resolve()
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
**
** Lua: c:result (its items)
** Python: Engine.frames, Engine.frames_buffer
** Swift: CanvasEngine.frames, CanvasEngine.frame(at:)
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
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:result (each item's id)
** Python: Engine.ids
** Swift: CanvasEngine.resolvedIDs
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
**
** Lua: c:result (content_size)
** Python: Engine.content_size
** Swift: CanvasEngine.contentSize
*/
canvas_status canvas_get_content_size(const canvas_engine *engine, canvas_size *out);

/*
** METHOD: canvas_engine
** Stores the content bounds of the last successful resolve (where the
** cluster of items sits: origin and size) in *out.
**
** Errors: CANVAS_ERR_NULL.
**
** Lua: c:result (content_bounds)
** Python: Engine.content_bounds
** Swift: CanvasEngine.contentBounds
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
**
** Lua: none (a Lua callback raises an error instead)
** Python: none (a Python callback raises an exception instead)
** Swift: CanvasError (a layout or measure function throws it)
*/
canvas_status canvas_callback_error(canvas_engine *engine, const char *message);

/* ======================================================================
** Sizing by id
** ====================================================================== */

/*
** METHOD: canvas_engine
** Gives every item this size; nothing is measured, and canvas_set_items may
** then take NULL sizes. Replaces an estimate or measure function.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (negative).
**
** Lua: description.item_size
** Python: Engine.set_item_size
** Swift: CanvasEngine.setSizing(_:) with ItemSizing.fixed(_:)
*/
canvas_status canvas_set_item_size(canvas_engine *engine, canvas_size size);

/*
** METHOD: canvas_engine
** Sizes items by measuring: until an item has been measured it has this
** estimated size (the default estimate is 120 x 120). canvas_set_items may
** then take NULL sizes. Measured sizes are cached by id, for the live items
** only: a new list of items keeps the size of every id still in it (moved,
** or taken out and put back within the same canvas_set_items) and drops the
** rest, so the cache never outgrows the items; only ids without a size are
** measured, an id that left in an earlier update among them.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (negative).
**
** Lua: description.estimated_item_size
** Python: Engine.set_estimated_item_size
** Swift: CanvasEngine.setSizing(_:) with ItemSizing.measured(estimate:)
*/
canvas_status canvas_set_estimated_item_size(canvas_engine *engine, canvas_size estimate);

/*
** Measures one item: its id, its 0-based position in the items, and the width
** the canvas proposes (NaN when open). Stores the size in *size_out and
** returns CANVAS_OK, or non-zero to fail the step (the chunk is discarded;
** canvas_callback_error may explain). Sides are clamped to 0..10000; a
** non-finite side counts as 0.
*/
typedef canvas_status (*canvas_measure_fn)(
    void *user,
    uint64_t id,
    size_t index,
    double proposal_width,
    canvas_size *size_out);

/*
** METHOD: canvas_engine
** Sets the measure function (NULL removes it) and how many items one
** canvas_step measures (0 means the default, 200). Also selects measured
** sizing with the default estimate, unless an estimate is already set.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (chunk_size too large to describe memory).
**
** Lua: description.measure
** Python: Engine.set_measure
** Swift: CanvasEngine.setMeasure(_:chunkSize:)
*/
canvas_status canvas_set_measure(canvas_engine *engine, canvas_measure_fn measure, void *user, size_t chunk_size);

/* What canvas_step did. */
typedef int canvas_step_result;
enum {
    CANVAS_STEP_IDLE = 0,        /* nothing to measure */
    CANVAS_STEP_DEFERRED = 1,    /* the viewport is moving; measuring waits */
    CANVAS_STEP_MEASURED = 2,    /* measured a chunk; more remain */
    CANVAS_STEP_RESOLVED = 3,    /* measured the last chunk and resolved once */
};

/*
** METHOD: canvas_engine
** One run-loop turn of measuring: call it once per turn of the host's loop.
** Measures the next chunk of unmeasured items; after the last chunk the
** layout is resolved once (as canvas_resolve would). Does nothing while the
** viewport is moving. result_out may be NULL.
**
** Errors: CANVAS_ERR_CALLBACK (the measure function failed; nothing changed),
** and those of canvas_resolve.
**
** Lua: c:step
** Python: Engine.step
** Swift: CanvasEngine.step()
*/
canvas_status canvas_step(canvas_engine *engine, canvas_step_result *result_out);

/*
** METHOD: canvas_engine
** Forgets every measured size, so every item is measured again.
**
** Errors: none beyond the engine's.
**
** Lua: c:invalidate
** Python: Engine.invalidate_measurements
** Swift: CanvasEngine.invalidateMeasurements()
*/
canvas_status canvas_invalidate_measurements(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Returns how many items still wait to be measured; 0 for a NULL engine.
**
** Errors: none (a NULL engine gives 0).
**
** Lua: none (c:step returns "measured" while items wait)
** Python: Engine.pending_measurements
** Swift: CanvasEngine.pendingMeasurements
*/
size_t canvas_get_pending_measurements(const canvas_engine *engine);

/* ======================================================================
** Viewport and culling
**
** Positions are in content coordinates as the host sees them (zoomed).
** Calls that move or resize the viewport may publish an update: the visible
** ids and, against the previous published update, the ids that appeared and
** disappeared, all in data order. An update equal to the last published one
** is not published again, so a host echoing the viewport back cannot loop.
** Their published_out (may be NULL) is set to 1 when an update was published.
** ====================================================================== */

/*
** METHOD: canvas_engine
** Sets the viewport's size. The first time it gets a non-empty size, the
** initial anchor decides where it opens: offset = max(0, content - size) *
** anchor on each axis.
**
** Errors: CANVAS_ERR_NON_FINITE (also when the size plus twice the overscan
** is past the finite range), CANVAS_ERR_INVALID_ARGUMENT (negative).
**
** Lua: c:set_viewport (width, height)
** Python: Engine.set_viewport_size
** Swift: CanvasEngine.setViewportSize(_:)
*/
canvas_status canvas_set_viewport_size(canvas_engine *engine, canvas_size size, int *published_out);

/*
** METHOD: canvas_engine
** Sets the whole viewport in one step and publishes at most one update: the
** overscan (NaN keeps it; negative is taken as 0), then the size (as
** canvas_set_viewport_size, initial anchor included), then the offset when
** offset is not NULL, each coordinate that is NaN keeping its value (clamped
** as always). A host changing several at once sees one appeared/disappeared
** diff instead of one per change.
**
** Errors: CANVAS_ERR_NON_FINITE (size; an infinite offset or overscan; a
** size plus twice the overscan past the finite range, such as an overscan
** of 9e307), CANVAS_ERR_INVALID_ARGUMENT (negative size).
**
** Lua: c:set_viewport, description.viewport
** Python: Engine.set_viewport
** Swift: CanvasEngine.setViewport(size:x:y:overscan:)
*/
canvas_status canvas_set_viewport(
    canvas_engine *engine,
    canvas_size size,
    const canvas_point *offset,     /* IN: the new offset, or NULL to keep it */
    double overscan,                /* NaN to keep it */
    int *published_out);

/*
** METHOD: canvas_engine
** Moves the viewport; the offset is clamped to [0, max(0, content - size)].
**
** Errors: CANVAS_ERR_NON_FINITE.
**
** Lua: c:set_viewport (x, y)
** Python: Engine.set_viewport_offset
** Swift: CanvasEngine.setViewportOffset(_:)
*/
canvas_status canvas_set_viewport_offset(canvas_engine *engine, canvas_point offset, int *published_out);

/*
** METHOD: canvas_engine
** Sets how far beyond the viewport items count as visible (default 128;
** negative is taken as 0).
**
** Errors: CANVAS_ERR_NON_FINITE (also when the viewport's size plus twice
** the overscan is past the finite range: an overscan of 9e307).
**
** Lua: c:set_viewport (overscan)
** Python: Engine.set_overscan
** Swift: CanvasEngine.setOverscan(_:)
*/
canvas_status canvas_set_overscan(canvas_engine *engine, double overscan, int *published_out);

/*
** METHOD: canvas_engine
** Tells the engine whether the host is dragging or decelerating with
** physics of its own; the engine's own motion (canvas_tick and the input
** calls) sets moving by itself. Measuring waits while either says so. A
** change is published with the viewport (the visible items stay).
**
** Errors: none beyond the engine's.
**
** Lua: c:set_moving
** Python: Engine.set_moving
** Swift: CanvasEngine.setMoving(_:)
*/
canvas_status canvas_set_moving(canvas_engine *engine, int moving);

/*
** METHOD: canvas_engine
** Sets where the viewport opens, as a unit point (default center). Takes
** effect when the viewport first gets a size: a laid-out canvas opens at
** max(0, content - viewport) * anchor; a free canvas on its items' bounds
** plus the margins (whatever its scroll extent), at bounds.origin +
** (bounds.size - viewport) * anchor, and on an axis where those are smaller
** than the viewport where the content anchor puts them (centred by
** default). A free canvas whose viewport got its size before it had items
** opens on them at the first resolve that has some, unless the offset was
** set in between.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (outside 0..1).
**
** Lua: description.initial_anchor
** Python: Engine.set_initial_anchor
** Swift: CanvasEngine.initialAnchor
*/
canvas_status canvas_set_initial_anchor(canvas_engine *engine, canvas_point anchor);

/*
** METHOD: canvas_engine
** Stores the visible rectangle (offset and size, clamped, without overscan)
** in *out.
**
** Errors: CANVAS_ERR_NULL (out).
**
** Lua: c:result (viewport)
** Python: Engine.viewport, Engine.offset
** Swift: Viewport.visibleRect (CanvasEngine.viewport)
*/
canvas_status canvas_get_viewport(const canvas_engine *engine, canvas_rect *out);

/*
** METHOD: canvas_engine
** Copies the visible ids of the last published update (the items within the
** viewport grown by the overscan), in data order. Same buffer rules as
** canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:visible, c:set_viewport (an update's visible)
** Python: Engine.visible, Engine.update
** Swift: VisibleUpdate.visible (CanvasEngine.published)
*/
canvas_status canvas_copy_visible(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids that appeared with the last published update (visible now,
** not in the update before it), in data order. Same buffer rules as
** canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:set_viewport (an update's appeared)
** Python: Engine.appeared, Engine.update
** Swift: VisibleUpdate.appeared (CanvasEngine.published)
*/
canvas_status canvas_copy_appeared(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids that disappeared with the last published update (in the
** update before it, not visible now), in their old data order. Same buffer
** rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:set_viewport (an update's disappeared)
** Python: Engine.disappeared, Engine.update
** Swift: VisibleUpdate.disappeared (CanvasEngine.published)
*/
canvas_status canvas_copy_disappeared(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids of the items whose frames strictly intersect rect (frames
** that only touch it do not count), each once, in data order. An empty or
** non-finite rect gives none. Costs time in proportion to the area covered
** and the result, not to the number of items. The exception is the first
** query or hit test after a resolve, which checks every frame (cheaper than
** building the index for one question); the second builds the index. Both
** are O(n), once per resolve.
**
** Same buffer rules as canvas_copy_frames, with one addition: a query may
** use all of out, up to capacity, as scratch space while it works, so keep
** nothing there past the ids it reports. (A screenful then costs no
** allocation.)
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:query
** Python: Engine.query
** Swift: CanvasEngine.query(_:), CanvasEngine.queryIDs(_:into:capacity:)
*/
canvas_status canvas_query(const canvas_engine *engine, canvas_rect rect, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Finds the item a press at this content point takes, by the one hit rule
** the select tool and canvas_select_at also use: the topmost item (last in
** data order) whose frame contains the point; failing that, the topmost
** whose frame strictly meets the square of 4 screen points on each side of
** the point (an edge less than 4 points away: thin items can be picked).
** *found_out is 1 and *id_out its id, or *found_out is 0.
** With level of detail on (canvas_set_lod), only what the last published
** update draws takes part: over a published cluster *found_out is 0, never
** an item drawn inside it (canvas_hit_test_detail tells the cluster).
**
** Errors: CANVAS_ERR_NULL (an out pointer), CANVAS_ERR_NON_FINITE.
**
** Lua: c:hit_test
** Python: Engine.hit_test
** Swift: CanvasEngine.hitTest(at:)
*/
canvas_status canvas_hit_test(const canvas_engine *engine, canvas_point point, uint64_t *id_out, int *found_out);

/*
** METHOD: canvas_engine
** Scrolls so the anchor point of a region meets the same anchor point of the
** viewport: offset = region.origin + region.size * anchor - viewport.size *
** anchor, then clamped. The region is an item's frame, a point, or a rect.
**
** This one scrolls to an item's frame.
**
** Errors: CANVAS_ERR_NOT_FOUND (unknown id: nothing moves),
** CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (anchor outside 0..1).
**
** Lua: c:scroll_to (an id)
** Python: Engine.scroll_to_id
** Swift: CanvasEngine.scroll(toID:anchor:)
*/
canvas_status canvas_scroll_to_id(canvas_engine *engine, uint64_t id, canvas_point anchor, int *published_out);

/*
** METHOD: canvas_engine
** As canvas_scroll_to_id, to a content point (a region of size 0).
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (anchor outside 0..1).
**
** Lua: c:scroll_to (a point)
** Python: Engine.scroll_to_point
** Swift: CanvasEngine.scroll(toPoint:anchor:)
*/
canvas_status canvas_scroll_to_point(canvas_engine *engine, canvas_point point, canvas_point anchor, int *published_out);

/*
** METHOD: canvas_engine
** As canvas_scroll_to_id, to a region of content.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (anchor outside 0..1).
**
** Lua: c:scroll_to (a region)
** Python: Engine.scroll_to_rect
** Swift: CanvasEngine.scroll(toRegion:anchor:)
*/
canvas_status canvas_scroll_to_rect(canvas_engine *engine, canvas_rect region, canvas_point anchor, int *published_out);

/* A direction to page in. */
typedef int canvas_page_direction;
enum {
    CANVAS_PAGE_LEFT = 0,
    CANVAS_PAGE_RIGHT = 1,
    CANVAS_PAGE_UP = 2,
    CANVAS_PAGE_DOWN = 3,
};

/*
** METHOD: canvas_engine
** Moves one page (0.85 of the viewport) in a direction, clamped, for
** accessibility scrolling. *moved_out (may be NULL) is 0 at the edge.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown direction).
**
** Lua: c:page
** Python: Engine.page
** Swift: CanvasEngine.page(_:)
*/
canvas_status canvas_page(canvas_engine *engine, canvas_page_direction direction, int *moved_out);

/* ======================================================================
** Backdrop
** ====================================================================== */

typedef int canvas_backdrop_kind;
enum {
    CANVAS_BACKDROP_NONE = 0,
    CANVAS_BACKDROP_DOTS = 1,    /* size is the dot radius */
    CANVAS_BACKDROP_GRID = 2,    /* size is the line width (0 draws 0.5) */
};

/*
** METHOD: canvas_engine
** Sets the backdrop: a pattern drawn as one repeated tile of side spacing
** (at least 1).
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (unknown kind,
** negative spacing or size).
**
** Lua: description.backdrop
** Python: Engine.set_backdrop
** Swift: CanvasEngine.backdrop
*/
canvas_status canvas_set_backdrop(canvas_engine *engine, canvas_backdrop_kind kind, double spacing, double size);

/* One backdrop tile, and where the visible rect starts into the tiling. */
typedef struct canvas_backdrop_tile {
    canvas_backdrop_kind kind;
    double side;            /* the tile's side */
    canvas_point phase;     /* how far the visible rect starts into its first tile, 0..side */
    size_t shape_count;     /* 0 (none), 1 (a dot's bounding square) or 2 (grid lines) */
    canvas_rect shapes[2];  /* in tile coordinates */
} canvas_backdrop_tile;

/*
** METHOD: canvas_engine
** Describes the backdrop tile for the current visible rect.
**
** Errors: CANVAS_ERR_NULL (out).
**
** Lua: c:result (backdrop)
** Python: Engine.backdrop_tile
** Swift: CanvasEngine.visibleBackdropTiles
*/
canvas_status canvas_get_backdrop_tile(const canvas_engine *engine, canvas_backdrop_tile *out);

/*
** METHOD: canvas_engine
** Copies the origins of the tiles covering the visible rect, row by row.
** Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:result (backdrop.origins)
** Python: Engine.backdrop_origins
** Swift: BackdropTiles.origins (CanvasEngine.visibleBackdropTiles)
*/
canvas_status canvas_copy_backdrop_origins(const canvas_engine *engine, canvas_point *out, size_t capacity, size_t *count_out);

/* ======================================================================
** Zoom
**
** Every frame, the content size and bounds, scroll targets, paging and hit
** tests are zoomed: on each zoomed axis positions and lengths are multiplied
** by the scale and rounded to whole points (at scale 1 nothing is rounded).
** A zoom step never re-runs the layout or rebuilds the index.
** ====================================================================== */

typedef int canvas_zoom_axis;
enum {
    CANVAS_ZOOM_HORIZONTAL = 0,    /* widths and x only: a laid-out canvas's default */
    CANVAS_ZOOM_VERTICAL = 1,
    CANVAS_ZOOM_BOTH = 2,          /* a free canvas's default */
    CANVAS_ZOOM_AUTOMATIC = 3,     /* for canvas_set_zoom_axis: the layout's default, following it */
};

/* What a zoom callback is told. */
typedef int canvas_zoom_event;
enum {
    CANVAS_ZOOM_WILL_BEGIN = 0,    /* a pinch began */
    CANVAS_ZOOM_DID_CHANGE = 1,    /* the scale changed (pinch, tap, setter, new items) */
    CANVAS_ZOOM_DID_END = 2,       /* a pinch ended, was cancelled or failed */
};

/*
** Told about zoom changes, so the host can scale what it draws inside items.
** Return non-zero to fail the call that caused it; the engine then goes back
** to the zoom, viewport and selection it had before that call.
*/
typedef canvas_status (*canvas_zoom_fn)(void *user, canvas_zoom_event event, double scale);

/*
** METHOD: canvas_engine
** Sets the zoom callback (NULL removes it).
**
** Errors: none beyond the engine's.
**
** Lua: description.on_zoom, description.on_zoom_begin, description.on_zoom_end
** Python: Engine.set_zoom_callback
** Swift: ZoomEvent (every call that zooms returns its events)
*/
canvas_status canvas_set_zoom_callback(canvas_engine *engine, canvas_zoom_fn callback, void *user);

/*
** METHOD: canvas_engine
** Sets the zoom axis, re-applying the current scale to the new axes. Until
** one is set (and after CANVAS_ZOOM_AUTOMATIC) the axis is the layout's
** default and follows the layout: both on a free canvas, horizontal on a
** laid-out one. Every face takes that default from the engine.
**
** Errors: CANVAS_ERR_NON_FINITE (also limits that force a zoom taking the
** content past the finite range), CANVAS_ERR_INVALID_ARGUMENT (unknown axis,
** a non-positive value, minimum above maximum), CANVAS_ERR_CALLBACK.
**
** Lua: description.zoom (axis), c:set_zoom_settings
** Python: Engine.set_zoom_axis
** Swift: ZoomSettings.axis, CanvasEngine.setZoomSettings(_:)
*/
canvas_status canvas_set_zoom_axis(canvas_engine *engine, canvas_zoom_axis axis);

/*
** METHOD: canvas_engine
** Stores the zoom axis in force in *axis_out (never CANVAS_ZOOM_AUTOMATIC:
** the layout's default, when none was set).
**
** Errors: CANVAS_ERR_NULL (axis_out).
**
** Lua: c:zoom_axis
** Python: Engine.zoom_axis
** Swift: ZoomSettings.axis (CanvasEngine.zoomSettings), CanvasEngine.defaultZoomAxis
*/
canvas_status canvas_get_zoom_axis(const canvas_engine *engine, canvas_zoom_axis *axis_out);

/*
** METHOD: canvas_engine
** Sets the zoom limits (default 0.35 and 5); the zoom is brought back inside
** narrowed limits.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (a non-positive
** limit, minimum above maximum), CANVAS_ERR_CALLBACK.
**
** Lua: description.zoom (min, max), c:set_zoom_settings
** Python: Engine.set_zoom_limits
** Swift: ZoomSettings.minimum, ZoomSettings.maximum, CanvasEngine.setZoomSettings(_:)
*/
canvas_status canvas_set_zoom_limits(canvas_engine *engine, double minimum, double maximum);

/*
** METHOD: canvas_engine
** Sets the zoom speed (default 1), an exponent: a pinch of ratio r zooms by
** r^speed.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (not positive).
**
** Lua: description.zoom (speed), c:set_zoom_settings
** Python: Engine.set_zoom_speed
** Swift: ZoomSettings.speed, CanvasEngine.setZoomSettings(_:)
*/
canvas_status canvas_set_zoom_speed(canvas_engine *engine, double speed);

/*
** METHOD: canvas_engine
** Sets the zoom stops (default none): count scales a pinch snaps to, the
** nearest stop inside the limits, the first listed on a tie. stops may be
** NULL when count is 0.
**
** Errors: CANVAS_ERR_NULL (stops with count > 0), CANVAS_ERR_NON_FINITE,
** CANVAS_ERR_INVALID_ARGUMENT (a non-positive stop, a count too large).
**
** Lua: description.zoom (stops), c:set_zoom_settings
** Python: Engine.set_zoom_stops
** Swift: ZoomSettings.stops, CanvasEngine.setZoomSettings(_:)
*/
canvas_status canvas_set_zoom_stops(canvas_engine *engine, const double *stops, size_t count);

/*
** METHOD: canvas_engine
** Whether pinches zoom (default 1).
**
** Errors: none beyond the engine's.
**
** Lua: description.zoom (pinch_enabled), c:set_zoom_settings
** Python: Engine.set_pinch_enabled
** Swift: ZoomSettings.isPinchEnabled, CanvasEngine.setZoomSettings(_:)
*/
canvas_status canvas_set_pinch_enabled(canvas_engine *engine, int enabled);

/*
** METHOD: canvas_engine
** Whether a hit-test selection (canvas_select_at) may happen while a pinch
** is in flight (default 0).
**
** Errors: none beyond the engine's.
**
** Lua: description.zoom (allows_selection_during_zoom), c:set_zoom_settings
** Python: Engine.set_selection_during_zoom
** Swift: ZoomSettings.allowsSelectionDuringZoom, CanvasEngine.setZoomSettings(_:)
*/
canvas_status canvas_set_selection_during_zoom(canvas_engine *engine, int allowed);

/*
** METHOD: canvas_engine
** Sets the zoom directly: clamped to the limits, not snapped, keeping the
** middle of the viewport still. Nothing happens when unchanged. Setting new
** items also resets the zoom to 1. A pinch or tap never takes the zoom to
** a scale at which the zoomed content would be past the finite range (that
** step does nothing).
**
** Errors: CANVAS_ERR_NON_FINITE (also a scale that takes the zoomed content
** past the finite range, such as 1e308; nothing changes),
** CANVAS_ERR_INVALID_ARGUMENT (not positive), CANVAS_ERR_CALLBACK.
**
** Lua: c:set_zoom, description.zoom (scale)
** Python: Engine.set_zoom
** Swift: CanvasEngine.setZoom(_:)
*/
canvas_status canvas_set_zoom(canvas_engine *engine, double scale);

/*
** METHOD: canvas_engine
** Stores the current zoom scale in *scale_out.
**
** Errors: CANVAS_ERR_NULL (scale_out).
**
** Lua: c:zoom
** Python: Engine.zoom
** Swift: CanvasEngine.zoomScale
*/
canvas_status canvas_get_zoom(const canvas_engine *engine, double *scale_out);

/* The phases of a pinch. */
typedef int canvas_pinch_phase;
enum {
    CANVAS_PINCH_BEGAN = 0,
    CANVAS_PINCH_CHANGED = 1,
    CANVAS_PINCH_ENDED = 2,
    CANVAS_PINCH_CANCELLED = 3,
    CANVAS_PINCH_FAILED = 4,
};

/*
** METHOD: canvas_engine
** Feeds one event from a pinch recognizer: its phase, its scale (a ratio
** since the gesture began, as UIKit reports it), the number of touches, and
** the fingers' location in viewport coordinates. The zoom becomes
** snap(clamp(start * (scale / baseline)^speed)), keeping the content point
** under the location still. Events with fewer than two touches or a
** non-positive scale are ignored. The engine never needs the recognizer's
** scale reset.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown phase), CANVAS_ERR_CALLBACK.
**
** Lua: c:pinch, description.gestures
** Python: Engine.pinch
** Swift: CanvasEngine.handlePinch(_:)
*/
canvas_status canvas_pinch(canvas_engine *engine, canvas_pinch_phase phase, double scale, int touches, canvas_point location);

/*
** METHOD: canvas_engine
** For hosts that have only finger positions: reports where the fingers are
** now (viewport coordinates). The engine runs its own recognizer, which
** behaves as UIKit's does, and feeds canvas_pinch. Fewer than two fingers,
** or count 0, ends a pinch in progress.
**
** Errors: CANVAS_ERR_NULL (fingers with count > 0), CANVAS_ERR_NON_FINITE,
** CANVAS_ERR_CALLBACK.
**
** Lua: c:touches
** Python: Engine.touches
** Swift: CanvasEngine.handleTouches(_:)
*/
canvas_status canvas_touches(canvas_engine *engine, const canvas_point *fingers, size_t count);

/*
** METHOD: canvas_engine
** The two-finger tap: resets the zoom to 1 (clamped); nothing at 1.
**
** Errors: CANVAS_ERR_CALLBACK.
**
** Lua: c:tap, description.gestures
** Python: Engine.two_finger_tap
** Swift: CanvasEngine.twoFingerTap()
*/
canvas_status canvas_two_finger_tap(canvas_engine *engine);

/* ======================================================================
** Selection
** ====================================================================== */

/* What canvas_select_at did. */
typedef int canvas_select_result;
enum {
    CANVAS_SELECT_NOTHING = 0,     /* no item under the point */
    CANVAS_SELECT_SELECTED = 1,    /* the item under the point is now selected */
    CANVAS_SELECT_REFUSED = 2,     /* a pinch is in flight; nothing changed */
};

/*
** METHOD: canvas_engine
** Selects the item under a point in viewport coordinates (a tap). While a
** pinch is in flight this is refused and leaves no trace, unless selection
** during zoom is allowed. id_out and result_out may be NULL.
**
** Errors: CANVAS_ERR_NON_FINITE (point).
**
** Lua: c:select, description.gestures
** Python: Engine.select_at
** Swift: CanvasEngine.select(atViewportPoint:)
*/
canvas_status canvas_select_at(canvas_engine *engine, canvas_point point, uint64_t *id_out, canvas_select_result *result_out);

/*
** METHOD: canvas_engine
** Adds an id to the selection (works during a pinch). A pinch never clears
** the selection.
**
** Errors: CANVAS_ERR_NOT_FOUND (unknown id).
**
** Lua: c:select_id
** Python: Engine.select_id
** Swift: CanvasEngine.select(id:)
*/
canvas_status canvas_select_id(canvas_engine *engine, uint64_t id);

/*
** METHOD: canvas_engine
** Removes an id from the selection; an id that is not selected changes
** nothing.
**
** Errors: none beyond the engine's.
**
** Lua: c:deselect
** Python: Engine.deselect_id
** Swift: CanvasEngine.deselect(id:)
*/
canvas_status canvas_deselect_id(canvas_engine *engine, uint64_t id);

/*
** METHOD: canvas_engine
** Clears the selection.
**
** Errors: none beyond the engine's.
**
** Lua: c:clear_selection
** Python: Engine.clear_selection
** Swift: CanvasEngine.clearSelection()
*/
canvas_status canvas_clear_selection(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Copies the selected ids in data order. Same buffer rules as
** canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Lua: c:selection
** Python: Engine.selection
** Swift: CanvasEngine.selection
*/
canvas_status canvas_copy_selection(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** A counter that changes whenever the selection does (selecting, the select
** tool, a marquee, removals, undo and redo), so a host copies the selection
** only when it moved. It may also move when a call rewrites the selection
** unchanged; a failed call leaves it as it was.
**
** Errors: CANVAS_ERR_NULL (version_out).
** Lua: c:selection_version()
** Python: Engine.selection_version()
** Swift: CanvasEngine.selectionVersion
*/
canvas_status canvas_get_selection_version(const canvas_engine *engine, uint64_t *version_out);

/* ---------------------------------------------------------------------
** A free canvas you can edit: per-item coordinates, edits in place by id,
** batches, undo, selection by rectangle, the select tool's settings,
** snapping guides and spatial focus.
**
** Edit coordinates are the items' own (unzoomed world coordinates, as
** canvas_set_item_frames takes them); rectangles for selection are zoomed
** content coordinates, as canvas_query takes them. Every edit checks all
** of its arguments before it changes anything: a failed call leaves the
** engine as it was. Each edit (or batch) is one undo step and publishes the
** visible diff (read it with canvas_copy_visible / _appeared / _disappeared).
** On a free canvas an edit (insert, move, resize, set frames, nudge, a drag
** of the select tool) whose frames would be too far apart to measure (their
** union, or the content size, past the finite range; canvas_resolve refuses
** such frames too) fails with CANVAS_ERR_NON_FINITE naming the id.
*/

/* How far a free canvas scrolls. */
typedef int canvas_scroll_extent;
enum {
    CANVAS_SCROLL_UNBOUNDED = 0,   /* anywhere (the default for a free canvas) */
    CANVAS_SCROLL_CONTENT = 1,     /* over the union of the frames plus the margins */
};

/* The offsets the viewport may take; an end may be -inf or +inf. */
typedef struct canvas_scroll_bounds {
    double min_x;
    double max_x;
    double min_y;
    double max_y;
} canvas_scroll_bounds;

/*
** METHOD: canvas_engine
** Replaces the items with ones that carry their own frames (world
** coordinates, negative ones included) and switches to the free layout:
** nothing is normalized, mirrored or anchored. ids NULL means 1...count.
** Takes effect at the next canvas_resolve; resets the zoom to 1 and clears
** the undo history.
**
** Errors: CANVAS_ERR_NULL (frames NULL with count > 0),
** CANVAS_ERR_NON_FINITE (a frame with NaN or an infinity),
** CANVAS_ERR_INVALID_ARGUMENT (a negative width or height, a duplicate id,
** a batch open: commit or roll it back first).
** Lua: description.layout = "free" with description.items = {{id=, x=, y=, width=, height=}, ...}
** Python: Engine.set_item_frames(frames, ids)
** Swift: CanvasEngine.setItemFrames(_:ids:)
*/
canvas_status canvas_set_item_frames(canvas_engine *engine, const canvas_rect *frames, const uint64_t *ids, size_t count);

/*
** METHOD: canvas_engine
** Switches to the free layout; items keep the frames they have now (so a
** resolved flow keeps its picture). Takes effect at the next canvas_resolve.
** Any other canvas_set_layout_* leaves the free layout.
**
** Errors: none.
** Lua: description.layout = "free"
** Python: Engine.set_free()
** Swift: CanvasEngine.setLayoutFree()
*/
canvas_status canvas_set_layout_free(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Sets how far a free canvas scrolls, and re-clamps the viewport.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (an unknown extent).
** Lua: description.scroll_extent = "unbounded" | "content"
** Python: Engine.set_scroll_extent(extent)
** Swift: CanvasEngine.setScrollExtent(_:)
*/
canvas_status canvas_set_scroll_extent(canvas_engine *engine, canvas_scroll_extent extent, int *published_out);

/*
** METHOD: canvas_engine
** The offsets the viewport may take (zoomed content coordinates): on a
** laid-out canvas [0, max(0, content - viewport)] per axis; on a free one
** unbounded or the frames' union plus margins. Every offset is clamped to these.
**
** Errors: CANVAS_ERR_NULL (bounds_out NULL).
** Lua: none (motion reads it in C)
** Python: Engine.scroll_bounds()
** Swift: CanvasEngine.scrollBounds
*/
canvas_status canvas_get_scroll_bounds(const canvas_engine *engine, canvas_scroll_bounds *bounds_out);

/*
** METHOD: canvas_engine
** Inserts count items (frames and ids, ids required and new) before the
** item *before_id, or at the end when before_id is NULL. On a flow or grid
** canvas only the frames' sizes count and the layout runs again.
**
** Errors: CANVAS_ERR_NULL (frames or ids NULL with count > 0),
** CANVAS_ERR_INVALID_ARGUMENT (an id already on the canvas or given twice,
** a negative size), CANVAS_ERR_NON_FINITE (a frame with NaN or an
** infinity, or frames too far apart to measure), CANVAS_ERR_NOT_FOUND (before_id
** names no item), CANVAS_ERR_BAD_LAYOUT (the layout failed; nothing changed).
** Lua: c:insert(items, before_id)
** Python: Engine.insert(items, before=None)
** Swift: CanvasEngine.insert(_:before:)
*/
canvas_status canvas_insert_items(canvas_engine *engine, const canvas_rect *frames, const uint64_t *ids, size_t count, const uint64_t *before_id);

/*
** METHOD: canvas_engine
** How many visible updates the engine has published so far: ticks,
** viewport calls, zooms and edits alike. A host copies what it draws (with
** canvas_copy_visible, _appeared and _disappeared, or
** canvas_copy_visible_items and canvas_copy_clusters) only when this count
** moved since its last frame. The C edits return only a status: an edit
** published when this count grew across it (the Lua, LuaJIT and Python
** edits return that as a boolean).
**
** Errors: CANVAS_ERR_NULL (count_out NULL).
** Lua: c:publish_count()
** Python: Engine.publish_count()
** Swift: CanvasEngine.publishCount
*/
canvas_status canvas_get_publish_count(const canvas_engine *engine, uint64_t *count_out);

/*
** METHOD: canvas_engine
** Removes items by id; they leave the selection too.
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_NOT_FOUND (an unknown id),
** CANVAS_ERR_INVALID_ARGUMENT (an id given twice).
** Lua: c:remove(ids)
** Python: Engine.remove(ids)
** Swift: CanvasEngine.remove(_:)
*/
canvas_status canvas_remove_items(canvas_engine *engine, const uint64_t *ids, size_t count);

/*
** METHOD: canvas_engine
** Moves items on a free canvas: each frame's top-left corner goes to its origin.
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_NOT_FOUND, CANVAS_ERR_NON_FINITE (an
** origin with NaN or an infinity, or frames too far apart to measure),
** CANVAS_ERR_INVALID_ARGUMENT (an id given twice, or the canvas is not free).
** Lua: c:move(id, x, y)
** Python: Engine.move(id, x, y) / Engine.move_items(ids, origins)
** Swift: CanvasEngine.move(_:)
*/
canvas_status canvas_move_items(canvas_engine *engine, const uint64_t *ids, const canvas_point *origins, size_t count);

/*
** METHOD: canvas_engine
** Sets items' frames on a free canvas.
**
** Errors: as canvas_move_items, plus CANVAS_ERR_INVALID_ARGUMENT for a
** negative width or height.
** Lua: c:set_frame(id, rect)
** Python: Engine.set_frames_by_id(ids, frames)
** Swift: CanvasEngine.setFrames(_:)
*/
canvas_status canvas_set_frames_by_id(canvas_engine *engine, const uint64_t *ids, const canvas_rect *frames, size_t count);

/*
** METHOD: canvas_engine
** Resizes items, keeping their origins (on a laid-out canvas, sets their
** sizes and runs the layout again).
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_NOT_FOUND, CANVAS_ERR_NON_FINITE (a
** size with NaN or an infinity, or frames too far apart to measure),
** CANVAS_ERR_INVALID_ARGUMENT (a negative side, an id given twice),
** CANVAS_ERR_BAD_LAYOUT.
** Lua: c:set_frame(id, rect) (free) / none on laid-out canvases (set sizes)
** Python: Engine.resize(ids, sizes)
** Swift: CanvasEngine.resize(_:)
*/
canvas_status canvas_resize_items(canvas_engine *engine, const uint64_t *ids, const canvas_size *sizes, size_t count);

/* Where canvas_reorder puts items. */
typedef int canvas_reorder_kind;
enum {
    CANVAS_REORDER_FRONT = 0,   /* to the end of the data order: on top */
    CANVAS_REORDER_BACK = 1,    /* to the start: below everything */
};

/*
** METHOD: canvas_engine
** Brings items to the front or sends them to the back, keeping their order
** among themselves (hit testing treats later items as on top).
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_NOT_FOUND, CANVAS_ERR_INVALID_ARGUMENT
** (an id given twice, an unknown kind), CANVAS_ERR_BAD_LAYOUT.
** Lua: c:bring_to_front(ids) / c:send_to_back(ids)
** Python: Engine.bring_to_front(ids) / Engine.send_to_back(ids)
** Swift: CanvasEngine.bringToFront(_:) / CanvasEngine.sendToBack(_:)
*/
canvas_status canvas_reorder(canvas_engine *engine, const uint64_t *ids, size_t count, canvas_reorder_kind kind);

/*
** METHOD: canvas_engine
** Batches: the edits between begin and commit are one undo step and one
** published diff (a laid-out canvas runs its layout at the commit).
** Rollback undoes every edit since begin. Batches do not nest.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (begin with a batch open or during a
** drag; commit or rollback with none open), CANVAS_ERR_BAD_LAYOUT (commit:
** the layout failed, and the batch was rolled back).
** Lua: c:batch(function)
** Python: with Engine.batch(): ...
** Swift: CanvasEngine.beginBatch() / commitBatch() / rollbackBatch() / batch(_:)
*/
canvas_status canvas_batch_begin(canvas_engine *engine);
canvas_status canvas_batch_commit(canvas_engine *engine);
canvas_status canvas_batch_rollback(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Undoes or redoes the last step (an edit, a batch, a drag or a nudge),
** restoring frames, order and selection exactly. The history keeps the
** last 100 steps; a new edit clears the redo side.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (nothing to undo or redo, a batch
** open, a drag in progress).
** Lua: c:undo() / c:redo()
** Python: Engine.undo() / Engine.redo()
** Swift: CanvasEngine.undo() / CanvasEngine.redo()
*/
canvas_status canvas_undo(canvas_engine *engine);
canvas_status canvas_redo(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Whether canvas_undo (canvas_can_undo) or canvas_redo (canvas_can_redo)
** has a step to take: *out is 1 or 0. An open batch or a drag still refuses
** them (see canvas_undo).
**
** Errors: CANVAS_ERR_NULL (out).
** Lua: c:can_undo() / c:can_redo()
** Python: Engine.can_undo() / Engine.can_redo()
** Swift: CanvasEngine.canUndo / CanvasEngine.canRedo
*/
canvas_status canvas_can_undo(const canvas_engine *engine, int *out);
canvas_status canvas_can_redo(const canvas_engine *engine, int *out);

/*
** METHOD: canvas_engine
** The undo history's memory budget, in bytes (64 MiB by default): past it
** the oldest steps are dropped, so a long run of large edits stays bounded
** (a nudge of 100,000 selected items keeps about 8 MB). The newest step is
** always kept, so the last edit can be undone however large it is; 0 keeps
** only that one. Setting a lower budget drops steps at once. The budget
** counts the steps' recorded frames and selections (an estimate), not the
** engine's other memory. canvas-lua caps it at a quarter of --max-memory.
**
** Errors: CANVAS_ERR_NULL (bytes_out).
** Lua: c:set_history_limit(bytes) / c:history_limit()
** Python: Engine.set_history_limit(bytes) / Engine.history_limit()
** Swift: CanvasEngine.historyByteLimit
*/
canvas_status canvas_set_history_limit(canvas_engine *engine, uint64_t bytes);
canvas_status canvas_get_history_limit(const canvas_engine *engine, uint64_t *bytes_out);

/* How a rectangle picks items. */
typedef int canvas_marquee_mode;
enum {
    CANVAS_MARQUEE_INTERSECT = 0,   /* any overlap */
    CANVAS_MARQUEE_CONTAIN = 1,     /* wholly inside */
};

/* How picked items combine with the selection. */
typedef int canvas_selection_op;
enum {
    CANVAS_SELECTION_REPLACE = 0,
    CANVAS_SELECTION_ADD = 1,
    CANVAS_SELECTION_TOGGLE = 2,
    CANVAS_SELECTION_SUBTRACT = 3,
};

/*
** METHOD: canvas_engine
** Selects by rectangle (zoomed content coordinates), through the index.
**
** Errors: CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT (an unknown mode or op).
** Lua: c:select_rect{x=, y=, width=, height=, mode=, op=}
** Python: Engine.select_rect(rect, mode, op)
** Swift: CanvasEngine.selectRect(_:mode:op:)
*/
canvas_status canvas_select_rect(canvas_engine *engine, canvas_rect rect, canvas_marquee_mode mode, canvas_selection_op op);

/*
** METHOD: canvas_engine
** Selects every item.
**
** Errors: none.
** Lua: c:select_all()
** Python: Engine.select_all()
** Swift: CanvasEngine.selectAll()
*/
canvas_status canvas_select_all(canvas_engine *engine);

/*
** METHOD: canvas_engine
** The union of the selected frames (zoomed); *has_out is 0 when nothing is
** selected (bounds_out is then left alone).
**
** Errors: CANVAS_ERR_NULL (bounds_out or has_out NULL).
** Lua: c:selection_bounds()
** Python: Engine.selection_bounds()
** Swift: CanvasEngine.selectionBounds
*/
canvas_status canvas_get_selection_bounds(const canvas_engine *engine, canvas_rect *bounds_out, int *has_out);

/* What a pointer does. */
typedef int canvas_tool;
enum {
    CANVAS_TOOL_PAN = 0,      /* drags pan */
    CANVAS_TOOL_SELECT = 1,   /* downs select and drag items, or draw a marquee */
};

/*
** METHOD: canvas_engine
** Sets the tool; a press in progress is cancelled.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (an unknown tool).
** Lua: description.tool = "pan" | "select", c:set_tool(name)
** Python: Engine.set_tool(tool)
** Swift: CanvasEngine.setTool(_:)
*/
canvas_status canvas_set_tool(canvas_engine *engine, canvas_tool tool);

/* What snaps while moving. grid <= 0 turns grid snapping off; threshold is
** in screen points (8 by default), so threshold / zoom in content. */
typedef struct canvas_snap {
    double grid;
    int items;        /* nonzero: other items' edges and centres */
    int gaps;         /* nonzero: equal gaps */
    double threshold;
} canvas_snap;

/*
** METHOD: canvas_engine
** Sets what snaps.
**
** Errors: CANVAS_ERR_NULL, CANVAS_ERR_NON_FINITE, CANVAS_ERR_INVALID_ARGUMENT
** (a negative threshold).
** Lua: description.snap = {grid=, items=, gaps=, threshold=}, c:set_snap{...}
** Python: Engine.set_snap(grid=, items=, gaps=, threshold=)
** Swift: CanvasEngine.setSnap(_:)
*/
canvas_status canvas_set_snap(canvas_engine *engine, const canvas_snap *snap);

/* What a guide lines up with. */
typedef int canvas_guide_kind;
enum {
    CANVAS_GUIDE_EDGE = 0,
    CANVAS_GUIDE_CENTER = 1,
    CANVAS_GUIDE_GAP = 2,
    CANVAS_GUIDE_GRID = 3,
};

/* A snap guide: a segment in zoomed content coordinates. */
typedef struct canvas_guide {
    double x1;
    double y1;
    double x2;
    double y2;
    canvas_guide_kind kind;
} canvas_guide;

/*
** METHOD: canvas_engine
** Copies the guides of the drag in progress (none otherwise). Same buffer
** rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out NULL), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:guides()
** Python: Engine.guides()
** Swift: CanvasEngine.guides
*/
canvas_status canvas_copy_guides(const canvas_engine *engine, canvas_guide *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** The marquee being drawn (zoomed content); *active_out is 0 when none.
**
** Errors: CANVAS_ERR_NULL (rect_out or active_out NULL).
** Lua: c:marquee()
** Python: Engine.marquee()
** Swift: CanvasEngine.marqueeRect
*/
canvas_status canvas_get_marquee(const canvas_engine *engine, canvas_rect *rect_out, int *active_out);

/*
** METHOD: canvas_engine
** Moves the selection one step in a direction: 1 point, 10 with shift,
** one grid step with grid snapping. One undo step.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (an unknown direction; the canvas
** is not free), CANVAS_ERR_NON_FINITE (frames too far apart to measure).
** Lua: c:nudge(direction, shift)
** Python: Engine.nudge(direction, shift=False)
** Swift: CanvasEngine.nudge(_:shift:)
*/
canvas_status canvas_nudge(canvas_engine *engine, canvas_page_direction direction, int shift);

/*
** METHOD: canvas_engine
** Focuses an item and scrolls the least that shows it.
**
** Errors: CANVAS_ERR_NOT_FOUND.
** Lua: c:focus(id)
** Python: Engine.focus(id)
** Swift: CanvasEngine.focus(_:)
*/
canvas_status canvas_focus(canvas_engine *engine, uint64_t id);

/*
** METHOD: canvas_engine
** Moves the focus to the nearest item in a direction: candidates lie
** wholly beyond the focused item's edge that way; the lowest
** along + 2 * sideways wins (along: from the focused edge to the
** candidate's near edge; sideways: between the centres, across), ties to
** the earlier item. Found through the index; scrolls it into view. With
** nothing focused, focuses the first visible item. *found_out is 0 (and
** the focus stays) when there is none that way.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (an unknown direction).
** Lua: c:focus_next(direction)
** Python: Engine.focus_next(direction)
** Swift: CanvasEngine.focusNext(_:)
*/
canvas_status canvas_focus_next(canvas_engine *engine, canvas_page_direction direction, uint64_t *id_out, int *found_out);

/*
** METHOD: canvas_engine
** The focused id; *has_out is 0 when nothing is focused.
**
** Errors: CANVAS_ERR_NULL (id_out or has_out NULL).
** Lua: c:focused()
** Python: Engine.focused()
** Swift: CanvasEngine.focusedID
*/
canvas_status canvas_get_focus(const canvas_engine *engine, uint64_t *id_out, int *has_out);
/* ======================================================================
** Motion: a host's frame, the clock, input, physics, animation
**
** All motion is a pure function of the events and the times the host
** gives: times are milliseconds (a double, monotonic: an event or tick
** before the previous one is refused), never read from a clock inside the
** engine. Positions of input are viewport coordinates. Velocities are
** points per millisecond, as the rate of change of the viewport offset.
** Any new pointer, wheel, crown, fling or pinch input stops an animation or
** a fling where it is.
** ====================================================================== */

/* A visible item: its id and its frame, zoomed. */
typedef struct canvas_visible_item {
    uint64_t id;
    canvas_rect frame;
} canvas_visible_item;

/*
** METHOD: canvas_engine
** Copies the visible items (those of the last published update, as
** canvas_copy_visible) with their zoomed frames, in data order: what a host
** draws each frame, at a cost proportional to what is visible. Same buffer
** rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:visible_items()
** Python: Engine.visible_items()
** Swift: CanvasEngine.forEachVisibleItem(_:)
*/
canvas_status canvas_copy_visible_items(const canvas_engine *engine, canvas_visible_item *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Writes the zoomed frame of the item with this id.
**
** Errors: CANVAS_ERR_NULL (out), CANVAS_ERR_NOT_FOUND (no item has the id).
** Lua: c:frame(id)
** Python: Engine.frame(id)
** Swift: CanvasEngine.frame(of:)
*/
canvas_status canvas_get_frame(const canvas_engine *engine, uint64_t id, canvas_rect *out);

/*
** Level of detail. Items whose zoomed frame is at least min_size points on
** both sides come back one by one (a canvas_visible_item each); the rest are
** aggregated into clusters, one per cell of a grid of about cell screen
** points. The rules, exact so that a brute force reproduces them (content
** coordinates are unzoomed; s is the zoom on an axis it stretches, 1 on the
** other; frames that are not finite or have no area never take part):
** - Large: width * s and height * s (each axis's own s) are both at least
**   min_size: the unrounded zoomed sides, so items of one size are classed
**   alike wherever they stand. A large item comes back when its zoomed frame
**   strictly intersects rect (as canvas_query finds it), in data order.
**   Large items are never clustered.
** - Level: cells are 2^kx by 2^ky content points from the origin, with k the
**   smallest integer such that 2^k * s >= cell on that axis: a cell is cell
**   to 2*cell screen points on each axis (not square in content space under
**   a one-axis zoom).
** - Cell of an item: the one holding its centre (x + width/2, y + height/2):
**   column floor(cx / 2^kx), row floor(cy / 2^ky).
** - Covered cells: those whose square strictly intersects rect taken back
**   to content coordinates (x / s, ...).
** - A cluster per covered cell with small items, row-major (top row first,
**   left to right): count = the small items whose cell it is (whether or not
**   each meets rect), id = the first of them in data order, bounds = the
**   union of their frames zoomed edge by edge (left = round(minX * s), right
**   = round(maxX * s) on a zoomed axis): the union of the zoomed frames at
**   zoom 1, within a point of it otherwise.
** So the answer holds at most the covered cells plus the large items in
** rect, whatever the item count.
*/
typedef struct canvas_cluster {
    canvas_rect bounds;  /* zoomed content coordinates */
    uint64_t count;      /* small items in the cell */
    uint64_t id;         /* the first of them in data order */
} canvas_cluster;

/* The defaults canvas_query_lod's callers usually pass, in screen points. */
typedef int canvas_lod_default;
enum {
    /* Smallest zoomed side of an item shown on its own. 8: on mixed boards
       (sizes 16 to 1,600 points, a million cards, bench/lod_sets.c) 2 handed
       back 139,000 specks at the fitted zoom and 166,000 zoomed 4x in; 8
       hands back 2,166 and 32,105, about what a 1280 x 800 screen shows
       of cards 8 points a side. */
    CANVAS_LOD_MIN_SIZE = 8,
    CANVAS_LOD_CELL = 16,     /* screen size of a cluster cell */
};

/*
** METHOD: canvas_engine
** The level-of-detail answer over rect (zoomed content coordinates; a rect
** of zero width and zero height means the viewport's culling rectangle,
** which gives nothing while the viewport has no area): the large items with
** their zoomed frames into items, the clusters into clusters, by the rules
** above. The first such query after a resolve builds this zoom's level and
** every coarser one down to the minimum zoom for this cell size (one pass
** over the frames, O(n)); a finer zoom builds its level when first asked
** (with, once, a grid of the items for zooms where some are large); later
** queries look their level up and cost their answer.
**
** Buffers: *items_count and *clusters_count always receive the counts. Both
** buffers NULL asks the counts only. Otherwise each buffer must hold its
** count (a NULL buffer holds none): if either is too small, nothing is
** written and the call fails with CANVAS_ERR_BUFFER_TOO_SMALL.
**
** Errors: CANVAS_ERR_NULL (items_count, clusters_count), CANVAS_ERR_NON_FINITE
** (rect, min_size or cell NaN or infinite), CANVAS_ERR_INVALID_ARGUMENT
** (min_size or cell zero or negative, cell below 1/1024 of a point: finer
** cells no screen shows, and past the 2^40 cells a level counts),
** CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:visible_lod{min_size=, cell=}
** Python: Engine.visible_lod(min_size=8, cell=16)
** Swift: CanvasEngine.levelOfDetail(in:minSize:cell:)
*/
canvas_status canvas_query_lod(canvas_engine *engine, canvas_rect rect, double min_size, double cell,
                               canvas_visible_item *items, size_t items_capacity, size_t *items_count,
                               canvas_cluster *clusters, size_t clusters_capacity, size_t *clusters_count);

/*
** METHOD: canvas_engine
** Makes every published viewport update carry the level-of-detail answer
** over the culling rectangle (canvas_query_lod's rules with this min_size
** and cell) instead of every item in it: canvas_copy_visible,
** canvas_copy_appeared, canvas_copy_disappeared and
** canvas_copy_visible_items then cover the items shown one by one, and
** canvas_copy_clusters the clusters, so a frame (canvas_tick, then the
** copies) costs what the screen can show, not what the canvas holds.
** canvas_clear_lod goes back to every item. Both publish the change
** (*published_out, which may be NULL, says whether an update was published).
**
** Errors: CANVAS_ERR_NON_FINITE (min_size or cell NaN or infinite),
** CANVAS_ERR_INVALID_ARGUMENT (zero or negative, or cell below 1/1024 of a
** point); nothing changes.
** Lua: c:set_lod{min_size=, cell=} / c:set_lod(false) (and the description key lod)
** Python: Engine.set_lod(min_size, cell) / Engine.set_lod(None)
** Swift: CanvasEngine.setLevelOfDetail(_:)
*/
canvas_status canvas_set_lod(canvas_engine *engine, double min_size, double cell, int *published_out);
canvas_status canvas_clear_lod(canvas_engine *engine, int *published_out);

/*
** METHOD: canvas_engine
** Copies the clusters of the last published update (none unless
** canvas_set_lod is on), row-major. Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:clusters()
** Python: Engine.clusters()
** Swift: VisibleUpdate.clusters
*/
canvas_status canvas_copy_clusters(const canvas_engine *engine, canvas_cluster *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** How many of each published cluster's items are selected, in
** canvas_copy_clusters' order (out[i] for its cluster i): the selected small
** items whose centre lies in the cluster's cell. Counted as the selection is
** now, when read (a selection change publishes nothing), in O(clusters +
** selected items). Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:clusters() (selected=)
** Python: Engine.clusters() (the seventh field)
** Swift: CanvasEngine.publishedClusters
*/
canvas_status canvas_copy_cluster_selection(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** How many of each cluster's items are selected, for the clusters
** canvas_query_lod gives with the same rect, min_size and cell, in its order
** (out[i] for its cluster i); counted as in canvas_copy_cluster_selection.
** Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_NON_FINITE (rect, min_size
** or cell NaN or infinite), CANVAS_ERR_INVALID_ARGUMENT (as
** canvas_query_lod), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:visible_lod{min_size=, cell=} (selected=)
** Python: Engine.visible_lod (the seventh field)
** Swift: CanvasEngine.levelOfDetail(in:minSize:cell:)
*/
canvas_status canvas_query_lod_selection(canvas_engine *engine, canvas_rect rect, double min_size, double cell,
                                         uint64_t *out, size_t capacity, size_t *count_out);

/* What a press at a point takes (canvas_hit_test_detail). */
typedef int canvas_hit_kind;
enum {
    CANVAS_HIT_NONE = 0,
    CANVAS_HIT_ITEM = 1,     /* an item drawn on its own */
    CANVAS_HIT_CLUSTER = 2,  /* a published cluster */
};

/*
** METHOD: canvas_engine
** canvas_hit_test's rule, telling a cluster too. Without level of detail
** (or before anything is published) every item takes part. With it on, only
** what the last published update draws: first its items shown one by one
** (topmost first, then within 4 screen points), then its clusters by the
** same rule (the last in row-major order first), never an item drawn inside
** a cluster; a press there with the select tool starts a marquee.
** *kind_out is CANVAS_HIT_ITEM with *id_out the item's id;
** CANVAS_HIT_CLUSTER with *id_out the cluster's id, *cluster_out the
** cluster and *selected_out how many of its items are selected (as
** canvas_copy_cluster_selection counts); or CANVAS_HIT_NONE. What the kind
** does not name is left as it was.
**
** Errors: CANVAS_ERR_NULL (an out pointer), CANVAS_ERR_NON_FINITE.
** Lua: c:hit_test (nil, {id=, x=, y=, width=, height=, count=, selected=} over a cluster)
** Python: Engine.hit_test_detail
** Swift: CanvasEngine.hit(at:)
*/
canvas_status canvas_hit_test_detail(const canvas_engine *engine, canvas_point point, canvas_hit_kind *kind_out,
                                     uint64_t *id_out, canvas_cluster *cluster_out, uint64_t *selected_out);

/* What the viewport is doing. */
typedef int canvas_motion_phase;
enum {
    CANVAS_PHASE_IDLE = 0,
    CANVAS_PHASE_DRAGGING = 1,      /* a pointer drag (or the crown) is moving it */
    CANVAS_PHASE_DECELERATING = 2,  /* a fling, slowing down */
    CANVAS_PHASE_BOUNCING = 3,      /* springing back from past an edge */
    CANVAS_PHASE_ANIMATING = 4,     /* an animated scroll, page, key or zoom to fit */
    CANVAS_PHASE_PINCHING = 5,
};

/* What canvas_tick did. */
typedef struct canvas_tick_result {
    int moved;                  /* the offset or the zoom changed */
    int active;                 /* motion continues: keep ticking */
    canvas_motion_phase phase;  /* the phase after this tick */
    int published;              /* a viewport update was published */
    int fading;                 /* the scroll indicators are still fading out */
} canvas_tick_result;

/*
** METHOD: canvas_engine
** Advances whatever is in motion (a fling, a spring back, an animation) to
** now_ms, culls once and publishes at most one viewport update (read it
** with canvas_copy_visible_items, canvas_copy_appeared, ...). A zoom
** animation calls the zoom callback. out may be NULL.
**
** Errors: CANVAS_ERR_NON_FINITE (now_ms), CANVAS_ERR_INVALID_ARGUMENT
** (now_ms before the previous event's time), CANVAS_ERR_CALLBACK.
** Lua: c:tick(t)
** Python: Engine.tick(t)
** Swift: CanvasEngine.tick(at:)
*/
canvas_status canvas_tick(canvas_engine *engine, double now_ms, canvas_tick_result *out);

/* Modifier keys held during an input event, or-ed together. */
typedef int canvas_modifiers;
enum {
    CANVAS_MODIFIER_SHIFT = 1,
    CANVAS_MODIFIER_CTRL = 2,
    CANVAS_MODIFIER_ALT = 4,
    CANVAS_MODIFIER_META = 8,
};

/*
** METHOD: canvas_engine
** One pointer (a mouse, a finger) going down, moving, going up, or its
** gesture cancelled, at a point in viewport coordinates. A down stops any
** motion where it is, past an edge included: a bounce or spring caught by
** the pointer stays put, and a drag from there starts at the rubber band's
** inverse of the offset (so dragging back by that much ends on the edge);
** an up without a pan springs back. Once the pointer has moved more than 8 points from
** where it went down, the drag pans: the content point first touched stays
** under the pointer (no motion is lost to the slop), along the pan axis.
** Past an edge that bounces the content follows the rubber band
** r(u) = (1 - 1/(u*0.55/D + 1))*D. On up the drag flings with the
** pointer's velocity, estimated by a least-squares quadratic over the last
** 100 ms of samples (Flutter's VelocityTracker); a pointer that rested more
** than 40 ms before the up does not fling. Past an edge it springs back.
** Cancel never flings. With scrolling disabled the pointer moves nothing.
**
** A release faster than 1e6 points per ms flings at that speed.
**
** Errors: CANVAS_ERR_NON_FINITE (point, t_ms; a move whose offset or
** velocity, or with the select tool whose dragged frames, would leave the
** finite range: nothing changes), CANVAS_ERR_INVALID_ARGUMENT
** (t_ms before the previous event's time; a move, up or cancel with no
** pointer down).
** Lua: c:pointer_down(x, y, t) / c:pointer_move(x, y, t) / c:pointer_up(x, y, t) / c:pointer_cancel(x, y, t)
** Python: Engine.pointer_down(x, y, t) / Engine.pointer_move(x, y, t) / Engine.pointer_up(x, y, t) / Engine.pointer_cancel(x, y, t)
** Swift: CanvasEngine.pointerDown(at:time:modifiers:button:) / CanvasEngine.pointerMove(to:time:) / CanvasEngine.pointerUp(at:time:) / CanvasEngine.pointerCancel(at:time:)
*/
canvas_status canvas_pointer_down(canvas_engine *engine, canvas_point point, double t_ms);
canvas_status canvas_pointer_move(canvas_engine *engine, canvas_point point, double t_ms);
canvas_status canvas_pointer_up(canvas_engine *engine, canvas_point point, double t_ms);
canvas_status canvas_pointer_cancel(canvas_engine *engine, canvas_point point, double t_ms);

/* The four pointer events, for canvas_pointer_event. */
typedef int canvas_pointer_phase;
enum {
    CANVAS_POINTER_DOWN = 0,
    CANVAS_POINTER_MOVE = 1,
    CANVAS_POINTER_UP = 2,
    CANVAS_POINTER_CANCEL = 3,
};

/*
** METHOD: canvas_engine
** canvas_pointer_down, _move, _up or _cancel with the modifier keys held
** (CANVAS_MODIFIER_*), for tools that read them.
**
** Errors: as canvas_pointer_down; CANVAS_ERR_INVALID_ARGUMENT (unknown phase).
** Lua: c:pointer_down(x, y, t, {shift = true})
** Python: Engine.pointer_down(x, y, t, shift=True)
** Swift: CanvasEngine.pointerDown(at:time:modifiers:button:)
*/
canvas_status canvas_pointer_event(canvas_engine *engine, canvas_pointer_phase phase, canvas_point point,
                                   canvas_modifiers modifiers, double t_ms);

/* Which pointer button, for canvas_pointer_event_button. */
typedef int canvas_pointer_button;
enum {
    CANVAS_BUTTON_PRIMARY = 0,    /* with the select tool: selects and drags */
    CANVAS_BUTTON_SECONDARY = 1,  /* pans */
    CANVAS_BUTTON_MIDDLE = 2,     /* pans */
};

/*
** METHOD: canvas_engine
** canvas_pointer_event with the button that went down. With the select
** tool the primary button selects and drags (a press on empty space draws
** a marquee), while the middle and secondary buttons pan as the pan tool
** does; so does the primary button while space is held (canvas_key_state).
** The route is chosen at the down and kept to the up or cancel, whatever
** the button or space says meanwhile. With the pan tool every button pans.
** canvas_pointer_event is this with CANVAS_BUTTON_PRIMARY.
**
** Errors: as canvas_pointer_event; CANVAS_ERR_INVALID_ARGUMENT (unknown
** button).
** Lua: c:pointer_down(x, y, t, {button = "middle", shift = true})
** Python: Engine.pointer_down(x, y, t, button=BUTTON_MIDDLE)
** Swift: CanvasEngine.pointerDown(at:time:modifiers:button:)
*/
canvas_status canvas_pointer_event_button(canvas_engine *engine, canvas_pointer_phase phase, canvas_point point,
                                          canvas_modifiers modifiers, canvas_pointer_button button, double t_ms);

/* Keys whose held state the engine reads, for canvas_key_state. */
typedef int canvas_held_key;
enum {
    CANVAS_HELD_SPACE = 0,  /* held: a primary press pans with the select tool */
};

/*
** METHOD: canvas_engine
** Tells the engine a key went down (down = 1) or up (down = 0); it keeps
** the state until told otherwise. Space held makes a primary press pan
** with the select tool (see canvas_pointer_event_button). Any nonzero
** down is 1.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown key).
** Lua: c:key_state("space", true)
** Python: Engine.key_state(HELD_SPACE, True)
** Swift: CanvasEngine.setKey(_:down:)
*/
canvas_status canvas_key_state(canvas_engine *engine, canvas_held_key key, int down);

/*
** METHOD: canvas_engine
** Starts a fling with the host's own velocity (offset points per ms):
** x(t) = x0 + v*(d^(t - t0) - 1)/ln d per axis, until the speed is below
** 0.01 pt/ms; into an edge it bounces (or stops dead with bounce never).
** Nothing moves with scrolling disabled. A velocity past 1e6 points per ms
** (per axis) is taken as 1e6 in its direction, so the fling stays finite.
**
** Errors: CANVAS_ERR_NON_FINITE (velocity, t_ms), CANVAS_ERR_INVALID_ARGUMENT
** (t_ms before the previous event's time).
** Lua: c:fling(vx, vy, t)
** Python: Engine.fling(vx, vy, t)
** Swift: CanvasEngine.fling(velocity:time:)
*/
canvas_status canvas_fling(canvas_engine *engine, canvas_point velocity, double t_ms);

/* How a wheel event's deltas are counted. */
typedef int canvas_wheel_mode;
enum {
    CANVAS_WHEEL_PIXEL = 0,  /* points */
    CANVAS_WHEEL_LINE = 1,   /* lines of 40 points */
    CANVAS_WHEEL_PAGE = 2,   /* pages: 0.85 of the viewport */
};

/* A wheel or trackpad scroll event, as browsers report one. */
typedef struct canvas_wheel_event {
    double dx;
    double dy;                  /* positive scrolls down (the offset grows) */
    canvas_wheel_mode mode;
    int shift;                  /* non-zero: a vertical delta scrolls horizontally */
    int ctrl;                   /* non-zero: zoom about the pointer (also a trackpad pinch) */
    canvas_point pointer;       /* viewport coordinates */
    double t_ms;
} canvas_wheel_event;

/*
** METHOD: canvas_engine
** A wheel or trackpad event. Plain: scrolls by the delta, clamped (shift
** turns dy into dx). With ctrl: zooms about the pointer,
** k' = clamp(k * 2^(-dy*f*10)), f = 0.002 for pixels, 0.05 for lines, 1 for
** pages: d3-zoom's defaultWheelDelta, whose factor 10 with ctrl held is
** there because browsers and several desktop stacks deliver a trackpad
** pinch as ctrl+wheel with small deltas. It keeps the content point under
** the pointer still; it follows canvas_set_pinch_enabled and calls the zoom callback.
** Scrolling follows canvas_set_scroll_enabled.
**
** Errors: CANVAS_ERR_NULL (event), CANVAS_ERR_NON_FINITE (a number, or a
** delta that would move the viewport past the finite range: nothing
** changes), CANVAS_ERR_INVALID_ARGUMENT (unknown mode; t_ms before the
** previous event's time), CANVAS_ERR_CALLBACK.
** Lua: c:wheel{dx=, dy=, x=, y=, mode=, shift=, ctrl=, t=}
** Python: Engine.wheel(dx, dy, x, y, t, mode=, shift=, ctrl=)
** Swift: CanvasEngine.wheel(_:)
*/
canvas_status canvas_wheel(canvas_engine *engine, const canvas_wheel_event *event);

/*
** METHOD: canvas_engine
** The Digital Crown or any rotary input turned by delta_points along the
** crown axis (vertical by default; canvas_set_crown_axis). When the turning
** pauses for more than 40 ms, the next tick flings on with the crown's
** velocity.
**
** Errors: CANVAS_ERR_NON_FINITE (a number, or a turn that would move the
** viewport or its velocity past the finite range: nothing changes),
** CANVAS_ERR_INVALID_ARGUMENT (t_ms before the previous event's time).
** Lua: c:crown(delta, t)
** Python: Engine.crown(delta, t)
** Swift: CanvasEngine.crown(delta:time:)
*/
canvas_status canvas_rotary(canvas_engine *engine, double delta_points, double t_ms);

/* Keys that scroll. (The type is canvas_key_code: C cannot name a type and
   the function canvas_key alike.) */
typedef int canvas_key_code;
enum {
    CANVAS_KEY_LEFT = 0,       /* a line: 40 points */
    CANVAS_KEY_RIGHT = 1,
    CANVAS_KEY_UP = 2,
    CANVAS_KEY_DOWN = 3,
    CANVAS_KEY_PAGE_UP = 4,    /* the page step: 0.85 of the viewport */
    CANVAS_KEY_PAGE_DOWN = 5,
    CANVAS_KEY_HOME = 6,       /* the top edge (the leading one when only x scrolls) */
    CANVAS_KEY_END = 7,        /* the bottom edge (the trailing one when only x scrolls) */
    CANVAS_KEY_DELETE = 8,     /* removes the selected items and links (one undo step) */
};

/*
** METHOD: canvas_engine
** Scrolls for a key, animated over 300 ms (eased in and out), ending
** exactly on the clamped target. A key pressed while a key's animation
** runs goes on from its target, so presses add up. With the select tool on
** a free canvas and something selected, the arrows nudge the selection
** instead (canvas_key_event: 10 points with shift); CANVAS_KEY_DELETE
** removes the selection.
**
** Errors: CANVAS_ERR_INVALID_ARGUMENT (unknown key; t_ms before the
** previous event's time), CANVAS_ERR_NON_FINITE (t_ms), the errors of the
** edit a nudge or delete makes (CANVAS_ERR_BUSY inside a callback).
** Lua: c:key(name, t)
** Python: Engine.key(name, t)
** Swift: CanvasEngine.key(_:modifiers:time:)
*/
canvas_status canvas_key(canvas_engine *engine, canvas_key_code key, double t_ms);

/*
** METHOD: canvas_engine
** canvas_key with the modifier keys held (CANVAS_MODIFIER_*): shift makes
** an arrow's nudge 10 points.
**
** Errors: as canvas_key; CANVAS_ERR_INVALID_ARGUMENT (unknown modifier bits).
** Lua: c:key(name, t, {shift = true})
** Python: Engine.key(name, t, shift=True)
** Swift: CanvasEngine.key(_:modifiers:time:)
*/
canvas_status canvas_key_event(canvas_engine *engine, canvas_key_code key, canvas_modifiers modifiers, double t_ms);

/* Whether content springs past its edges. */
typedef int canvas_bounce;
enum {
    CANVAS_BOUNCE_AUTOMATIC = 0,      /* the same as based on size */
    CANVAS_BOUNCE_ALWAYS = 1,
    CANVAS_BOUNCE_BASED_ON_SIZE = 2,  /* only an axis whose content is larger than the viewport */
    CANVAS_BOUNCE_NEVER = 3,          /* hard edges: a fling's velocity dies there */
};

/* When the scroll indicators show. */
typedef int canvas_indicator_mode;
enum {
    CANVAS_INDICATORS_AUTOMATIC = 0,  /* while moving, fading out over 300 ms after */
    CANVAS_INDICATORS_VISIBLE = 1,
    CANVAS_INDICATORS_HIDDEN = 2,     /* laid out with opacity 0 */
};

/* Which axes a pointer drag moves. */
typedef int canvas_pan_axis;
enum {
    CANVAS_PAN_FREE = 0,
    CANVAS_PAN_HORIZONTAL = 1,
    CANVAS_PAN_VERTICAL = 2,
    CANVAS_PAN_LOCKED = 3,  /* a drag at least twice as far along one axis stays on it */
};

/* An axis, for the crown. */
typedef int canvas_axis;
enum {
    CANVAS_AXIS_HORIZONTAL = 0,
    CANVAS_AXIS_VERTICAL = 1,
};

/* UIScrollView's deceleration rates, per millisecond. */
#define CANVAS_DECELERATION_NORMAL 0.998
#define CANVAS_DECELERATION_FAST 0.99

/*
** METHOD: canvas_engine
** Motion settings (Pannable's Behavior modifiers): the deceleration rate d
** per millisecond, in (0, 1) (CANVAS_DECELERATION_NORMAL, the default, or
** _FAST); bounce; scrolling enabled (when 0, drags, flings, wheel
** scrolling, the crown and keys leave the offset alone; scroll-to, paging
** and setting the viewport still move it); the indicators; the pan axis;
** the crown's axis. Turning scrolling off stops a drag or fling where it is.
**
** Errors: CANVAS_ERR_NON_FINITE (rate), CANVAS_ERR_INVALID_ARGUMENT (a rate
** outside (0, 1); an unknown value).
** Lua: c:set_motion{deceleration=, bounce=, scroll_enabled=, indicators=, pan_axis=, crown_axis=}
** Python: Engine.set_motion(deceleration=, bounce=, scroll_enabled=, indicators=, pan_axis=, crown_axis=)
** Swift: CanvasEngine.setMotionSettings(_:)
*/
canvas_status canvas_set_deceleration(canvas_engine *engine, double rate);
canvas_status canvas_set_bounce(canvas_engine *engine, canvas_bounce bounce);
canvas_status canvas_set_scroll_enabled(canvas_engine *engine, int enabled);
canvas_status canvas_set_indicators(canvas_engine *engine, canvas_indicator_mode mode);
canvas_status canvas_set_pan_axis(canvas_engine *engine, canvas_pan_axis axis);
canvas_status canvas_set_crown_axis(canvas_engine *engine, canvas_axis axis);

/* The viewport's motion, as of the host's latest time. */
typedef struct canvas_motion {
    canvas_motion_phase phase;
    canvas_point velocity;      /* offset points per ms */
    int moving;                 /* a phase other than idle, or canvas_set_moving */
    int has_projected_end;      /* a fling is running */
    canvas_point projected_end; /* where friction alone would stop it: x0 - v/ln d */
    double time_ms;             /* the host's latest time (0 before any event) */
} canvas_motion;

/*
** METHOD: canvas_engine
** Reads the motion: phase, velocity, moving, and a fling's projected end,
** so a host can prefetch there.
**
** Errors: CANVAS_ERR_NULL (out).
** Lua: c:motion()
** Python: Engine.motion()
** Swift: CanvasEngine.motionPhase / CanvasEngine.motionVelocity / CanvasEngine.projectedEnd
*/
canvas_status canvas_get_motion(const canvas_engine *engine, canvas_motion *out);

/*
** METHOD: canvas_engine
** When the running animation ends, in the host's milliseconds (the clock
** canvas_tick takes): an animated scroll, page or key press, or an animated
** zoom (canvas_zoom_to_fit's). *has_out is 0 when none runs (idle, a drag,
** a fling or a pinch, whose ends depend on the input). A function beside
** canvas_get_motion rather than a field of canvas_motion, whose layout is
** part of ABI version 1.
**
** Errors: CANVAS_ERR_NULL (end_ms_out or has_out).
** Lua: c:motion().end_t
** Python: Engine.motion()["end_t"]
** Swift: CanvasEngine.animationEndTime
*/
canvas_status canvas_get_motion_end(const canvas_engine *engine, double *end_ms_out, int *has_out);

/* A scroll indicator, in viewport coordinates. */
typedef struct canvas_indicator {
    int shown;          /* 0 when the axis cannot scroll: the rest is zero */
    canvas_rect track;  /* a strip 3 points thick, 2 in from the viewport's edge */
    canvas_rect thumb;  /* length max(36, track*viewport/content), shorter past an edge */
    double opacity;
} canvas_indicator;

/*
** METHOD: canvas_engine
** The horizontal and vertical scroll indicators: for an axis that can
** scroll, the track and the thumb at (track - thumb)*offset/(content -
** viewport), and the opacity. Either pointer may be NULL.
**
** Errors: none beyond a NULL engine.
** Lua: c:indicators()
** Python: Engine.indicators()
** Swift: CanvasEngine.indicators
*/
canvas_status canvas_get_indicators(const canvas_engine *engine, canvas_indicator *horizontal, canvas_indicator *vertical);

/* A duration argument that asks for the default. */
enum { CANVAS_DURATION_DEFAULT = -1 };

/*
** METHOD: canvas_engine
** canvas_scroll_to_id, _point, _rect and canvas_page, animated from t_ms
** over duration_ms (CANVAS_DURATION_DEFAULT or any negative number: 300
** ms; 0 jumps at once), eased in and out, ending exactly on the clamped
** target; canvas_tick moves it. A page during a page or scroll animation
** goes on from its target. moved_out (may be NULL) is 0 when there is
** nowhere to go.
**
** Errors: as the unanimated forms; CANVAS_ERR_NON_FINITE (duration_ms,
** t_ms), CANVAS_ERR_INVALID_ARGUMENT (t_ms before the previous event's time).
** Lua: c:scroll_to(target, anchor, {animated=true, duration=, t=}) / c:page(direction, {animated=true, duration=, t=})
** Python: Engine.scroll_to_id(id, anchor, animated=True, duration=, t=) / Engine.page(direction, animated=True, duration=, t=)
** Swift: CanvasEngine.scroll(toID:anchor:duration:at:) / CanvasEngine.page(_:duration:at:)
*/
canvas_status canvas_scroll_to_id_animated(canvas_engine *engine, uint64_t id, canvas_point anchor, double duration_ms, double t_ms);
canvas_status canvas_scroll_to_point_animated(canvas_engine *engine, canvas_point point, canvas_point anchor, double duration_ms, double t_ms);
canvas_status canvas_scroll_to_rect_animated(canvas_engine *engine, canvas_rect region, canvas_point anchor, double duration_ms, double t_ms);
canvas_status canvas_page_animated(canvas_engine *engine, canvas_page_direction direction, double duration_ms, double t_ms, int *moved_out);

/*
** METHOD: canvas_engine
** Zooms to fit region (zoomed content coordinates; NULL: every item) with
** padding points on each side, centred on it:
** scale = clamp(min((W - 2p)/Rw, (H - 2p)/Rh)) over the zoomed axes (one
** ratio for a one-axis zoom), Rw and Rh the region's unzoomed size; the
** offset is then clamped by the scroll bounds at that scale (a free
** canvas's extent: anywhere, or its items plus margins, where a region
** smaller than the viewport is centred by the content anchor; a laid-out
** canvas's [0, content - viewport]), so a free canvas ends with the region
** centred within a point. animated non-zero follows van Wijk and Nuij's
** smooth zoom path (rho = sqrt 2, as d3's interpolateZoom) from t_ms over
** duration_ms (negative: the path's own S*1000 ms, capped at 750 ms, the
** duration of d3's "zoom to bounding box": a fit is an editor command the
** user waits on), zooming out and back in over a long distance;
** canvas_tick moves it and calls the zoom callback. A fit that already
** stands where it would end (within half a point, the same scale) does
** nothing. Nothing happens for a canvas with no items and no region.
**
** Errors: CANVAS_ERR_NON_FINITE (a number; an animated fit whose smooth
** path leaves the finite range, such as a 1e10-point region with limits
** 1e-10...10: nothing changes, and the same fit without animation works),
** CANVAS_ERR_INVALID_ARGUMENT (negative padding or region side; padding
** leaving no room; t_ms before the previous event's time), CANVAS_ERR_CALLBACK.
** Lua: c:zoom_to_fit{region=, padding=, animated=, duration=, t=}
** Python: Engine.zoom_to_fit(region=, padding=, animated=, duration=, t=)
** Swift: CanvasEngine.zoomToFit(region:padding:animated:duration:at:)
*/
canvas_status canvas_zoom_to_fit(canvas_engine *engine, const canvas_rect *region, double padding, int animated,
                                 double duration_ms, double t_ms);

/*
** Links: connectors between items, stored beside them, routed from their
** frames, culled and hit-tested like items, and edited with undo. A link's
** source and target are item ids. Removing an item removes its links (undo
** brings them back); replacing the items drops the links whose ends left.
** Routes are worked out on the unzoomed frames and zoomed, as a drawing
** under a viewport transform: a step's offset and a curve's pull scale with
** the zoom.
*/
typedef int canvas_link_style;
enum {
    CANVAS_LINK_STRAIGHT = 0,  /* one segment between the two borders, on the centre line */
    CANVAS_LINK_STEP = 1,      /* orthogonal segments leaving and entering by the sides */
    CANVAS_LINK_CURVE = 2,     /* a cubic Bezier, as React Flow's default edge (curvature 0.25) */
};

typedef int canvas_side;
enum {
    CANVAS_SIDE_AUTO = 0,      /* the side facing the other end */
    CANVAS_SIDE_TOP = 1,
    CANVAS_SIDE_BOTTOM = 2,
    CANVAS_SIDE_LEADING = 3,   /* left left to right, right right to left */
    CANVAS_SIDE_TRAILING = 4,
};

typedef struct canvas_link {
    uint64_t id, source, target;
    canvas_link_style style;
    canvas_side source_side, target_side;
} canvas_link;

/*
** METHOD: canvas_engine
** Replaces the links. Clears the undo history (its steps name old links).
**
** Errors: CANVAS_ERR_NULL (links with count > 0), CANVAS_ERR_INVALID_ARGUMENT
** (a repeated link id, a link from an item to itself, an unknown style or
** side, a batch open), CANVAS_ERR_NOT_FOUND (an end that names no item).
** Lua: c:set_links(links)
** Python: Engine.set_links(links)
** Swift: CanvasEngine.setLinks(_:)
*/
canvas_status canvas_set_links(canvas_engine *engine, const canvas_link *links, size_t count);

/*
** METHOD: canvas_engine
** Copies the route of the link id, in zoomed content coordinates: a
** polyline's points (straight: 2; step: its corners), or a curve's four
** Bezier control points. The first point lies on the source's border, the
** last on the target's. Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_NOT_FOUND (no link has id,
** or its ends have no frames yet: resolve first), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:link_route(id)
** Python: Engine.link_route(id)
** Swift: CanvasEngine.linkRoute(_:)
*/
canvas_status canvas_copy_link_route(const canvas_engine *engine, uint64_t id, canvas_point *points, size_t capacity,
                                     size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids of the links whose routes' bounds (grown by half a unit on
** each side) strictly meet rect, in link order; canvas_query's company. An
** empty or non-finite rect gives none. Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:query_links(rect)
** Python: Engine.query_links(x, y, width, height)
** Swift: CanvasEngine.queryLinks(_:)
*/
canvas_status canvas_query_links(const canvas_engine *engine, canvas_rect rect, uint64_t *out, size_t capacity,
                                 size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids of the links the last published update draws one by one,
** in link order: the links in the viewport's culling rectangle (visible
** area and overscan), as canvas_query_links finds them; with level of
** detail on, the links whose two ends are both drawn one by one (in
** canvas_copy_visible), wherever their routes run. None before the
** viewport has a size. Like
** canvas_copy_visible, it reads the published update: a link edit, or a
** moved end that takes a link into or out of view, publishes a new one
** (canvas_get_publish_count moves); an idle canvas_tick publishes nothing.
** Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:visible_links()
** Python: Engine.visible_links()
** Swift: CanvasEngine.visibleLinks, VisibleUpdate.visibleLinks (CanvasEngine.published)
*/
canvas_status canvas_copy_visible_links(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids of the links that appeared with the last published update
** (in canvas_copy_visible_links now, not in the update before it), in link
** order. Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:appeared_links()
** Python: Engine.appeared_links()
** Swift: VisibleUpdate.appearedLinks (CanvasEngine.published)
*/
canvas_status canvas_copy_appeared_links(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Copies the ids of the links that disappeared with the last published
** update (visible in the update before it, not now), in their old link
** order. Same buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:disappeared_links()
** Python: Engine.disappeared_links()
** Swift: VisibleUpdate.disappearedLinks (CanvasEngine.published)
*/
canvas_status canvas_copy_disappeared_links(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** Links under level of detail: one per pair of drawn ends, at least one of
** them a published cluster. from/to are a canvas_cluster.id (kind
** CANVAS_HIT_CLUSTER) or an item id drawn one by one (kind CANVAS_HIT_ITEM);
** count is how many links join the two, in either direction.
*/
typedef struct canvas_cluster_link {
    uint64_t from;     /* canvas_cluster.id of the published cluster, or an item id when from_kind is CANVAS_HIT_ITEM */
    uint64_t to;
    uint64_t count;    /* links between the two */
    int32_t from_kind; /* CANVAS_HIT_CLUSTER or CANVAS_HIT_ITEM */
    int32_t to_kind;
} canvas_cluster_link;

/*
** METHOD: canvas_engine
** Copies the last published update's aggregated links (none with level of
** detail off). A link counts when each end is drawn: one by one (in
** canvas_copy_visible), or inside a published cluster (a small item whose
** centre lies in that cluster's cell). Links inside one cluster
** are not drawn and not counted; links between two items drawn one by one
** are canvas_copy_visible_links'; links with an end not drawn are left out.
** Each pair comes once, its lesser end in from, ordered by from then to,
** where an end orders by id, then CANVAS_HIT_ITEM before CANVAS_HIT_CLUSTER.
** A publish costs the clusters and their aggregated links: the links are
** counted between cells once per level of detail (again when the zoom
** reaches another level, or the frames or links change). Same buffer rules
** as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:cluster_links()
** Python: Engine.cluster_links()
** Swift: CanvasEngine.clusterLinks, VisibleUpdate.clusterLinks (CanvasEngine.published)
*/
canvas_status canvas_copy_cluster_links(const canvas_engine *engine, canvas_cluster_link *out, size_t capacity,
                                        size_t *count_out);

/*
** METHOD: canvas_engine
** The hit rule for links: the topmost link (last in link order) whose drawn
** route passes within the hit rule's slop (4 screen points) of point, in
** zoomed content coordinates. found_out is 1 and id_out the link's id, or
** found_out is 0.
**
** Errors: CANVAS_ERR_NULL (id_out, found_out), CANVAS_ERR_NON_FINITE (point).
** Lua: c:hit_test_link(x, y)
** Python: Engine.hit_test_link(x, y)
** Swift: CanvasEngine.hitTestLink(at:)
*/
canvas_status canvas_hit_test_link(const canvas_engine *engine, canvas_point point, uint64_t *id_out, int *found_out);

/*
** METHOD: canvas_engine
** Inserts links before the link before_id (at the end when NULL), as one
** undo step (or into the open batch).
**
** Errors: CANVAS_ERR_NULL (links with count > 0), CANVAS_ERR_INVALID_ARGUMENT
** (an id a link has or given twice, a link from an item to itself, an
** unknown style or side, a drag in progress), CANVAS_ERR_NOT_FOUND (an
** unknown end or before_id).
** Lua: c:insert_links(links, before_id)
** Python: Engine.insert_links(links, before=)
** Swift: CanvasEngine.insertLinks(_:before:)
*/
canvas_status canvas_insert_links(canvas_engine *engine, const canvas_link *links, size_t count, const uint64_t *before_id);

/*
** METHOD: canvas_engine
** Removes links by id, as one undo step (or into the open batch).
**
** Errors: CANVAS_ERR_NULL (ids with count > 0), CANVAS_ERR_NOT_FOUND (an
** unknown id), CANVAS_ERR_INVALID_ARGUMENT (an id given twice, a drag in progress).
** Lua: c:remove_links(ids)
** Python: Engine.remove_links(ids)
** Swift: CanvasEngine.removeLinks(_:)
*/
canvas_status canvas_remove_links(canvas_engine *engine, const uint64_t *ids, size_t count);

/*
** METHOD: canvas_engine
** Copies every link, in link order, as canvas_set_links takes them. Same
** buffer rules as canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:links()
** Python: Engine.links()
** Swift: CanvasEngine.links
*/
canvas_status canvas_copy_links(const canvas_engine *engine, canvas_link *out, size_t capacity, size_t *count_out);

/* One link as canvas_place_links_fn sees it: its ends as 0-based item positions. */
typedef struct canvas_layout_link {
    uint64_t id;            /* the link's id */
    size_t source, target;  /* the positions of its ends among the items */
} canvas_layout_link;

/*
** A custom layout that also gets the canvas's links between the items, in
** link order, so a graph layout can be written outside the engine. Every
** item is as canvas_place_items_fn sees it; everything else is as for
** canvas_place_fn. links is NULL when link_count is 0.
*/
typedef canvas_status (*canvas_place_links_fn)(
    void *user,
    const canvas_layout_item *items,
    size_t count,
    const canvas_layout_link *links,
    size_t link_count,
    double proposal_width,
    double proposal_height,
    canvas_rect *frames_out);

/*
** METHOD: canvas_engine
** Selects a custom layout whose place function gets the links too
** (canvas_place_links_fn); otherwise as canvas_set_layout_custom. The
** layout runs again when the links change.
**
** Errors: CANVAS_ERR_NULL (place).
** Lua: description.layout (a place function: place(items, proposal, links)), c:set_layout
** Python: none (not bound yet: Engine.set_layout's callable gets sizes only)
** Swift: LayoutItems.links, CanvasEngine.setLayout(_:)
*/
canvas_status canvas_set_layout_custom_links(canvas_engine *engine, canvas_place_links_fn place, void *user);

/*
** Link selection: selected links sit beside the selected items. The select
** tool picks them up: a press with no item under it (nor a published
** cluster) on a link, by canvas_hit_test_link's rule (with level of detail
** on, only a link canvas_copy_visible_links holds), selects it as a press on
** an item would (shift adds it, or deselects it at release if it was
** selected; a plain press selects it alone, clearing the items), and never
** drags; a press on an item or on empty space without shift clears the
** selected links; the marquee selects the links whose route it touches when
** canvas_set_marquee_links is on. The delete key (canvas_key or canvas_key_event with
** CANVAS_KEY_DELETE) removes the selected items and the selected links as
** one undo step; undo brings back the links exactly and both selections.
** canvas_get_selection_version moves with the link selection too.
*/

/*
** METHOD: canvas_engine
** Selects the link id: with add nonzero it joins the selection; with add 0
** it is selected alone (the selected items and links are cleared).
**
** Errors: CANVAS_ERR_NOT_FOUND (no link has id); nothing changes.
** Lua: c:select_link(id, add)
** Python: Engine.select_link(id, add=False)
** Swift: CanvasEngine.selectLink(_:adding:)
*/
canvas_status canvas_select_link(canvas_engine *engine, uint64_t id, int add);

/*
** METHOD: canvas_engine
** Takes the link id out of the selection; an id not selected changes nothing.
**
** Errors: none beyond the engine's.
** Lua: c:deselect_link(id)
** Python: Engine.deselect_link(id)
** Swift: CanvasEngine.deselectLink(_:)
*/
canvas_status canvas_deselect_link(canvas_engine *engine, uint64_t id);

/*
** METHOD: canvas_engine
** Clears the link selection; the selected items stay (canvas_clear_selection
** clears those and leaves the links).
**
** Errors: none beyond the engine's.
** Lua: c:clear_link_selection()
** Python: Engine.clear_link_selection()
** Swift: CanvasEngine.clearLinkSelection()
*/
canvas_status canvas_clear_link_selection(canvas_engine *engine);

/*
** METHOD: canvas_engine
** Copies the selected links' ids in link order. Same buffer rules as
** canvas_copy_frames.
**
** Errors: CANVAS_ERR_NULL (count_out), CANVAS_ERR_BUFFER_TOO_SMALL.
** Lua: c:selected_links()
** Python: Engine.selected_links()
** Swift: CanvasEngine.selectedLinkIDs
*/
canvas_status canvas_copy_selected_links(const canvas_engine *engine, uint64_t *out, size_t capacity, size_t *count_out);

/*
** METHOD: canvas_engine
** Whether the select tool's marquee selects the links whose drawn route
** touches it (on nonzero), beside the items; off by default. With shift the
** found links join the links selected at the press.
**
** Errors: CANVAS_ERR_NULL (on_out).
** Lua: c:set_marquee_links(on) / c:marquee_links()
** Python: Engine.set_marquee_links(on) / Engine.marquee_links()
** Swift: CanvasEngine.marqueeSelectsLinks
*/
canvas_status canvas_set_marquee_links(canvas_engine *engine, int on);
canvas_status canvas_get_marquee_links(const canvas_engine *engine, int *on_out);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* CANVAS_H */
