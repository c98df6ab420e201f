/*
** session.c: one whiteboard session at n cards through the C ABI, frame by
** frame, as a host plays it (scripts/bench-session; issue 20).
**
**     session [cards] [frames-file]     (default 1000000); prints JSON lines
**
** The cards are bench/session_data.h's "mixed" set on a free canvas (ids 1
** ... n), level of detail on with the documented defaults
** (CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL), a 1280 x 800 viewport, zoom on both
** axes. A frame is what a host does each 16.67 ms of its clock: its input
** events, canvas_tick, and, when the publish count moved, copying what it
** draws (canvas_copy_visible_items, canvas_copy_appeared, _disappeared and
** canvas_copy_clusters into buffers that grow as asked). Each frame's engine
** time is the wall time of all that. The phases, in order:
**
**   open         set_item_frames + resolve + viewport + LOD + the first frame (one number)
**   drag-pan     at zoom 1 over the busiest blob: 60 moves, release, the fling to rest
**   zoom out     ctrl-wheel (dy 50 pixels a frame) down to the fitted zoom (the zoom floor)
**   pan fitted   a 60-frame drag at the fitted zoom (level of detail)
**   zoom in      ctrl-wheel back to zoom 1, the pointer over the busiest blob
**   animated fit canvas_zoom_to_fit(animated) ticked to rest; then how far the
**                items' centre is from the viewport's, in screen points
**   idle fitted  120 ticks with nothing moving
**   marquee      the select tool draws a marquee over about 1,000 cards (30 moves)
**   drags        10 drags of the selection with snapping (items and gaps), 20 moves each
**   idle zoom 1  120 ticks, LOD on; then 120 with LOD off
**   edits        in this process, a group at a time, each ending where it began,
**                with a timeout: delete the selection, undo, redo; remove 1,000
**                scattered ids, undo; remove one card from the middle, undo (5 times);
**                insert 1,000 cards at the front, undo.
**
** A frame phase stops early past SESSION_BUDGET seconds of frames (default
** 10) and says so ("frames" below "planned"); an edit group that runs past
** SESSION_EDIT_TIMEOUT seconds (default 30) ends the run, the edits it did
** not finish reported as at least that long. SESSION_CLOCK=cpu times frames by the
** thread's CPU time instead of the wall (for a loaded machine). SESSION_TRACE=1 prints each
** frame on stderr (time, instructions, page faults, what it copied). SESSION_MARK=1 prints each
** frame phase's start and end on stderr as CLOCK_MONOTONIC seconds, for
** `perf record -k CLOCK_MONOTONIC` and `perf report --time start,end` to profile one phase. With a frames-file the generated
** frames are also written there (n * 4 doubles, x y w h) for the faces'
** benches. Memory: peak resident (VmHWM) less the resident size before the
** engine was made, per card.
*/
#include <math.h>
#include <signal.h>
#include <unistd.h>
#include <sys/resource.h>

#include "host_frame.h"
#include "thread_counter.h"
#include "session_data.h"

static canvas_engine *engine;

/* Page faults so far: on this machine the kernel's first touch of a fresh
   page costs about 0.4 ms a megabyte, so a frame or an edit that writes
   memory nothing wrote before shows here, however the clock was shared. */
static long minor_faults(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}
static host_frame host;
static canvas_cluster *clusters;
static size_t clusters_capacity = 64;
static uint64_t last_publish;
static double clock_ms = 1000;   /* the host's clock */
static const double frame_ms = 1000.0 / 60;
static double budget = 10;
static size_t copied_clusters;

/* What a host copies when something was published. */
static void copy_if_published(void) {
    uint64_t count = 0;
    CHECK(engine, canvas_get_publish_count(engine, &count));
    if (count == last_publish) return;
    last_publish = count;
    host_copy_frame(engine, &host);
    copied_clusters += host_copy_clusters(engine, &clusters, &clusters_capacity);
}

typedef struct phase {
    const char *name;
    double *times;
    size_t count, planned;
    double started;
    int capped;
} phase;

/* SESSION_MARK=1: the phases' bounds on the monotonic clock (see the top). */
static int mark;

static void mark_phase(const char *name, const char *edge) {
    if (!mark) return;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    fprintf(stderr, "mark %s %ld.%09ld %s\n", edge, (long)t.tv_sec, t.tv_nsec, name);
}

static phase phase_begin(const char *name, size_t planned) {
    phase p = {name, xmalloc((planned + 1) * sizeof(double)), 0, planned, now_seconds(), 0};
    mark_phase(name, "start");
    return p;
}

/* Records one frame; returns 0 when the phase must stop (budget spent or planned reached). */
static int phase_frame(phase *p, double seconds) {
    if (p->count < p->planned) p->times[p->count++] = seconds;
    if (now_seconds() - p->started > budget && p->count < p->planned) {
        p->capped = 1;
        return 0;
    }
    return p->count < p->planned;
}

static void phase_print(phase *p) {
    mark_phase(p->name, "end");
    size_t n = p->count;
    double *t = p->times;
    double p50 = 0, p95 = 0, p99 = 0, max = 0, first = n ? t[0] : 0;
    if (n) {
        p50 = percentile(t, n, 0.5), p95 = percentile(t, n, 0.95), p99 = percentile(t, n, 0.99), max = t[n - 1];
    }
    printf("{\"phase\": \"%s\", \"frames\": %zu, \"planned\": %zu, \"capped\": %s, \"first_us\": %.2f, "
           "\"p50_us\": %.2f, \"p95_us\": %.2f, \"p99_us\": %.2f, \"max_us\": %.2f}\n",
           p->name, n, p->planned, p->capped ? "true" : "false", first * 1e6, p50 * 1e6, p95 * 1e6,
           p99 * 1e6, max * 1e6);
    fflush(stdout);
    free(p->times);
}

/* One frame: `input` (may be NULL), the tick, the copy. Returns its seconds. */
typedef void (*input_fn)(void *context, int frame);

/* SESSION_CLOCK=cpu: frames timed by the thread's CPU time, which a loaded
   machine's preemption does not inflate (wall time otherwise). */
static int cpu_clock;

static double frame_clock(void) {
    if (!cpu_clock) return now_seconds();
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* SESSION_TRACE=1: each frame on stderr (its time, user-space
   instructions, page faults, zoom and what it copied), to see which frames
   make a phase's tail. */
static int trace;

static double frame(input_fn input, void *context, int index, canvas_tick_result *tick) {
    clock_ms += frame_ms;
    size_t items_before = host.items_count, clusters_before = copied_clusters;
    double instructions = trace ? counter_read() : 0;
    long faults = trace ? minor_faults() : 0;
    double start = frame_clock();
    if (input) input(context, index);
    canvas_tick_result local;
    CHECK(engine, canvas_tick(engine, clock_ms, tick ? tick : &local));
    copy_if_published();
    double seconds = frame_clock() - start;
    if (trace) {
        double zoom = 0;
        canvas_get_zoom(engine, &zoom);
        fprintf(stderr, "frame %d: %.1f us, %.0f instructions (-1: no counter), %ld faults, zoom %.5f, %zu items, %zu clusters\n", index,
                seconds * 1e6, counter < 0 ? -1 : counter_read() - instructions, minor_faults() - faults, zoom,
                host.items_count - items_before, copied_clusters - clusters_before);
    }
    return seconds;
}

static double zoom_now(void) {
    double k = 0;
    CHECK(engine, canvas_get_zoom(engine, &k));
    return k;
}

/* ---- input ------------------------------------------------------------- */

typedef struct drag { double x, y, dx, dy; int moves; } drag;

static void drag_input(void *context, int i) {
    drag *d = context;
    if (i == 0) {
        CHECK(engine, canvas_pointer_down(engine, (canvas_point){d->x, d->y}, clock_ms));
    } else if (i <= d->moves) {
        CHECK(engine, canvas_pointer_move(engine, (canvas_point){d->x + d->dx * i, d->y + d->dy * i}, clock_ms));
    } else if (i == d->moves + 1) {
        CHECK(engine, canvas_pointer_up(engine, (canvas_point){d->x + d->dx * d->moves, d->y + d->dy * d->moves},
                                        clock_ms));
    }
}

/* Where the pointer is while the wheel turns: the middle of the view for the
   zoom out (the busiest blob is there), and over the busiest blob again for
   the zoom back in, wherever the pan at the fit left it (a user zooms in on
   cards, not on the empty margin the pan may have brought under the middle). */
static canvas_point wheel_at = {640, 400};

static void wheel_input(void *context, int i) {
    (void)i;
    double dy = *(double *)context;
    canvas_wheel_event e = {0, dy, CANVAS_WHEEL_PIXEL, 0, 1, wheel_at, clock_ms};
    CHECK(engine, canvas_wheel(engine, &e));
}

static void marquee_input(void *context, int i) {
    const canvas_rect *t = context;
    double u = i / 30.0;
    CHECK(engine, canvas_select_rect(engine, (canvas_rect){t->x, t->y, t->width * u, t->height * u},
                                     CANVAS_MARQUEE_INTERSECT, CANVAS_SELECTION_REPLACE));
}

static void fit_input(void *context, int i) {
    (void)context;
    if (i == 0) CHECK(engine, canvas_zoom_to_fit(engine, NULL, 0, 1, CANVAS_DURATION_DEFAULT, clock_ms));
}

/* A drag phase: down, moves, up, then ticks until motion rests (at most `rest` frames). */
static void run_drag(phase *p, drag d, int rest) {
    canvas_tick_result tick = {0};
    int frames = d.moves + 2;
    for (int i = 0; i < frames; i++)
        if (!phase_frame(p, frame(drag_input, &d, i, &tick))) return;
    for (int i = 0; i < rest && tick.active; i++)
        if (!phase_frame(p, frame(NULL, NULL, 0, &tick))) return;
}

/* Stops whatever still moves (a phase cut short by its budget leaves a fling
   or an animation running): a down stops motion where it is. Untimed. */
static void stop_motion(void) {
    CHECK(engine, canvas_pointer_down(engine, (canvas_point){1, 1}, clock_ms));
    CHECK(engine, canvas_pointer_cancel(engine, (canvas_point){1, 1}, clock_ms));
    copy_if_published();
}

/* ---- edits, in this process, with a timeout --------------------------- */

static double edit_timeout = 30;

/* The group running, and how many of its edits have been reported: a
   watchdog (SIGALRM) reports the rest as timed out and ends the run, as
   nothing could finish the engine's call it interrupted. */
static const char *edit_group;
static const char *const *edit_names;
static int edit_reported;

static void put(const char *text) { ssize_t ignored = write(1, text, strlen(text)); (void)ignored; }

static size_t cards;
static long base_kib, open_hwm_kib;

/* The memory line: peak resident less the resident size before the engine. */
static void print_memory(void) {
    long hwm = status_kib("VmHWM"), rss = status_kib("VmRSS");
    /* The peak after the open and the resident size at the end beside the
       peak: whether the peak is what the engine keeps or a passing one. */
    printf("{\"memory\": {\"base_kib\": %ld, \"hwm_kib\": %ld, \"bytes_per_card\": %.1f, \"copied_items\": %zu, "
           "\"copied_clusters\": %zu, \"open_hwm_kib\": %ld, \"rss_kib\": %ld, \"rss_bytes_per_card\": %.1f}}\n",
           base_kib, hwm, (double)(hwm - base_kib) * 1024 / (double)cards, host.items_count, copied_clusters,
           open_hwm_kib, rss, (double)(rss - base_kib) * 1024 / (double)cards);
    fflush(stdout);
}

static void edit_timed_out(int sig) {
    (void)sig;
    char seconds[32];
    int n = 0;
    for (long t = (long)edit_timeout, d = 1000000; d; d /= 10)
        if (t / d || n || d == 1) seconds[n++] = (char)('0' + (t / d) % 10);
    seconds[n] = 0;
    for (int i = edit_reported; edit_names[i]; i++) {
        put("{\"edit\": \""); put(edit_names[i]); put("\", \"group\": \""); put(edit_group);
        put("\", \"timeout_s\": "); put(seconds); put("}\n");
    }
    put("{\"edit_timeout\": true}\n");
    print_memory();  /* the engine's call is interrupted, not stdio's */
    _exit(0);
}

/* The page faults of the last timed edit (see minor_faults). */
static long last_faults;

static void report(const char *name, double seconds) {
    printf("{\"edit\": \"%s\", \"group\": \"%s\", \"ms\": %.4f, \"faults\": %ld}\n", name, edit_group, seconds * 1e3, last_faults);
    fflush(stdout);
    edit_reported++;
}

typedef void (*edit_group_fn)(void);

/* Runs one group of edits as a host would, in this process (a host has no
   fork: timing the edits in a forked copy made every page they wrote a
   copy-on-write fault, most of what was measured). Each group leaves the
   engine as it found it (its last step undoes), so the next starts from
   the same cards. */
static void run_edits(const char *group, const char *const *names, edit_group_fn body) {
    fflush(stdout);
    edit_group = group;
    edit_names = names;
    edit_reported = 0;
    signal(SIGALRM, edit_timed_out);
    alarm((unsigned)ceil(edit_timeout));
    body();
    alarm(0);
}

static double timed_edit(canvas_status (*call)(canvas_engine *, void *), void *context) {
    long faults = minor_faults();
    double start = now_seconds();
    CHECK(engine, call(engine, context));
    copy_if_published();
    double seconds = now_seconds() - start;
    last_faults = minor_faults() - faults;
    return seconds;
}

typedef struct id_list { uint64_t *ids; size_t count; } id_list;

static canvas_status do_remove(canvas_engine *e, void *c) { id_list *l = c; return canvas_remove_items(e, l->ids, l->count); }
static canvas_status do_undo(canvas_engine *e, void *c) { (void)c; return canvas_undo(e); }
static canvas_status do_redo(canvas_engine *e, void *c) { (void)c; return canvas_redo(e); }

static id_list selection;

static void delete_group(void) {
    report("delete_selection", timed_edit(do_remove, &selection));
    report("undo_delete", timed_edit(do_undo, NULL));
    report("redo_delete", timed_edit(do_redo, NULL));
    CHECK(engine, canvas_undo(engine));  /* the cards back for the next group */
    copy_if_published();
}


static void scattered_group(void) {
    rng r = {2020};
    id_list l = {xmalloc(1000 * 8), 0};
    while (l.count < 1000 && l.count < cards) {
        uint64_t id = 1 + rng_next(&r) % cards;
        int dup = 0;
        for (size_t i = 0; i < l.count && !dup; i++) dup = l.ids[i] == id;
        if (!dup) l.ids[l.count++] = id;
    }
    report("remove_1000_scattered", timed_edit(do_remove, &l));
    report("undo_remove_1000", timed_edit(do_undo, NULL));
    free(l.ids);
}

static void middle_group(void) {
    double removes[5], undos[5];
    for (int i = 0; i < 5; i++) {
        uint64_t id = cards / 2 + (uint64_t)i;
        id_list l = {&id, 1};
        removes[i] = timed_edit(do_remove, &l);
        undos[i] = timed_edit(do_undo, NULL);
    }
    report("remove_one_middle", median(removes, 5));
    report("undo_remove_one", median(undos, 5));
}

typedef struct insert_args { canvas_rect *frames; uint64_t *ids; size_t count; uint64_t before; } insert_args;
static canvas_status do_insert(canvas_engine *e, void *c) {
    insert_args *a = c;
    return canvas_insert_items(e, a->frames, a->ids, a->count, &a->before);
}

static void insert_group(void) {
    insert_args a = {xmalloc(1000 * sizeof(canvas_rect)), xmalloc(1000 * 8), 1000, 1};
    rng r = {2021};
    double side = sd_world(cards);
    for (size_t i = 0; i < 1000; i++) {
        a.frames[i] = (canvas_rect){rng_uniform(&r, 0, side), rng_uniform(&r, 0, side), 120, 80};
        a.ids[i] = (uint64_t)cards + 1 + i;
    }
    report("insert_1000_front", timed_edit(do_insert, &a));
    report("undo_insert_1000", timed_edit(do_undo, NULL));
    free(a.frames), free(a.ids);
}

static int compare_ids(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static void read_selection(void) {
    size_t n = 0;
    CHECK(engine, canvas_copy_selection(engine, NULL, 0, &n));
    free(selection.ids);
    selection.ids = xmalloc((n + 1) * 8);
    CHECK(engine, canvas_copy_selection(engine, selection.ids, n, &n));
    selection.count = n;
}

static int selected(uint64_t id) {
    uint64_t *sorted = xmalloc((selection.count + 1) * 8);
    memcpy(sorted, selection.ids, selection.count * 8);
    qsort(sorted, selection.count, 8, compare_ids);
    int found = bsearch(&id, sorted, selection.count, 8, compare_ids) != NULL;
    free(sorted);
    return found;
}

/* The item under a viewport point, or 0. */
static uint64_t hit(double vx, double vy) {
    canvas_rect v;
    CHECK(engine, canvas_get_viewport(engine, &v));
    uint64_t id = 0;
    int found = 0;
    CHECK(engine, canvas_hit_test(engine, (canvas_point){v.x + vx, v.y + vy}, &id, &found));
    return found ? id : 0;
}

static size_t count_in(canvas_rect r) {
    size_t n = 0;
    CHECK(engine, canvas_query(engine, r, NULL, 0, &n));
    return n;
}

int main(int argc, char **argv) {
    cards = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    if (getenv("SESSION_BUDGET")) budget = atof(getenv("SESSION_BUDGET"));
    if (getenv("SESSION_EDIT_TIMEOUT")) edit_timeout = atof(getenv("SESSION_EDIT_TIMEOUT"));
    trace = getenv("SESSION_TRACE") && strcmp(getenv("SESSION_TRACE"), "1") == 0;
    mark = getenv("SESSION_MARK") && strcmp(getenv("SESSION_MARK"), "1") == 0;
    if (trace) counter_open();
    cpu_clock = getenv("SESSION_CLOCK") && strcmp(getenv("SESSION_CLOCK"), "cpu") == 0;
    double *frames = xmalloc(cards * 4 * sizeof(double));
    sd_generate(SD_MIXED, cards, frames);
    if (argc > 2) {
        FILE *f = fopen(argv[2], "wb");
        if (!f || fwrite(frames, sizeof(double), cards * 4, f) != cards * 4) { perror(argv[2]); return 1; }
        fclose(f);
    }
    host = host_frame_make();
    clusters = xmalloc(clusters_capacity * sizeof *clusters);
    canvas_engine_destroy(canvas_engine_create());
    base_kib = status_kib("VmRSS");

    /* ---- open ---- */
    double bx = 0, by = 0;
    sd_busiest(cards, &bx, &by);
    double start = now_seconds();
    engine = canvas_engine_create();
    CHECK(engine, canvas_set_item_frames(engine, (const canvas_rect *)frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));
    CHECK(engine, canvas_set_zoom_axis(engine, CANVAS_ZOOM_BOTH));
    CHECK(engine, canvas_set_viewport(engine, (canvas_size){1280, 800}, &(canvas_point){bx - 640, by - 400}, NAN, NULL));
    CHECK(engine, canvas_set_lod(engine, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
    frame(NULL, NULL, 0, NULL);
    double open_s = now_seconds() - start;
    open_hwm_kib = status_kib("VmHWM");
    canvas_rect bounds;
    CHECK(engine, canvas_get_content_bounds(engine, &bounds));
    double fit = fmin(1280 / bounds.width, 800 / bounds.height);
    CHECK(engine, canvas_set_zoom_limits(engine, fit, 8));
    printf("{\"cards\": %zu, \"open_s\": %.4f, \"bounds\": [%.1f, %.1f, %.1f, %.1f], \"fit_zoom\": %.6f, "
           "\"busiest\": [%.1f, %.1f]}\n", cards, open_s, bounds.x, bounds.y, bounds.width, bounds.height, fit, bx, by);
    fflush(stdout);

    /* ---- drag-pan with a fling at zoom 1 ---- */
    phase p = phase_begin("drag-pan and fling at zoom 1", 62 + 600);
    run_drag(&p, (drag){640, 400, -12, -8, 60}, 600);
    p.planned = p.count > p.planned ? p.planned : (p.capped ? p.planned : p.count);
    phase_print(&p);
    stop_motion();

    /* ---- ctrl-wheel zoom out to the fit ---- */
    double dy = 50;
    int wheel_frames = (int)ceil(log2(1 / fit) / (50 * 0.002)) + 2;
    p = phase_begin("ctrl-wheel zoom out to the fit", (size_t)wheel_frames);
    while (zoom_now() > fit * 1.0001 && phase_frame(&p, frame(wheel_input, &dy, 0, NULL))) {}
    if (zoom_now() > fit * 1.0001) CHECK(engine, canvas_set_zoom(engine, fit));  /* capped: jump there, untimed */
    if (!p.capped) p.planned = p.count;
    phase_print(&p);
    stop_motion();

    /* ---- pan at the fitted zoom, level of detail ---- */
    p = phase_begin("pan at the fitted zoom (LOD)", 62 + 600);
    run_drag(&p, (drag){640, 400, 6, 4, 60}, 600);
    if (!p.capped) p.planned = p.count;
    phase_print(&p);
    stop_motion();

    /* ---- zoom back in, the pointer over the busiest blob ---- */
    dy = -50;
    {
        canvas_rect view;
        CHECK(engine, canvas_get_viewport(engine, &view));
        double k = zoom_now();
        wheel_at.x = fmin(fmax(k * bx - view.x, 0), 1280);
        wheel_at.y = fmin(fmax(k * by - view.y, 0), 800);
    }
    p = phase_begin("ctrl-wheel zoom back in to 1", (size_t)wheel_frames);
    while (zoom_now() < 0.9999 && phase_frame(&p, frame(wheel_input, &dy, 0, NULL))) {}
    if (zoom_now() < 0.9999) CHECK(engine, canvas_set_zoom(engine, 1));
    if (!p.capped) p.planned = p.count;
    phase_print(&p);
    stop_motion();

    /* ---- animated zoom to fit ---- */
    p = phase_begin("animated zoom to fit", 1000);
    canvas_tick_result tick = {0};
    int i = 0;
    do {
        if (!phase_frame(&p, frame(fit_input, NULL, i++, &tick))) break;
    } while (tick.active);
    if (!p.capped) p.planned = p.count;
    phase_print(&p);
    stop_motion();
    canvas_rect v;
    CHECK(engine, canvas_get_viewport(engine, &v));
    double k = zoom_now();
    double off = hypot(v.x + v.width / 2 - k * (bounds.x + bounds.width / 2),
                       v.y + v.height / 2 - k * (bounds.y + bounds.height / 2));
    printf("{\"fit_end\": {\"zoom\": %.6f, \"off_centre_points\": %.2f, \"ended\": %s}}\n", k, off,
           tick.active ? "false" : "true");
    fflush(stdout);

    /* ---- idle at the fit ---- */
    p = phase_begin("idle at the fit (LOD on)", 120);
    while (phase_frame(&p, frame(NULL, NULL, 0, NULL))) {}
    phase_print(&p);
    stop_motion();

    /* ---- a marquee of about 1,000 cards ---- */
    CHECK(engine, canvas_set_zoom(engine, 1));
    /* At zoom 1, where the drags' snapping works in the cards' own units, a
       1080 x 540 rectangle slid away from the busiest blob's centre until it
       holds about 1,000 cards (at the centre when even that holds fewer). */
    double w = 1080, zoom = 1;
    double lo = 0, hi = sd_world(cards) / 4, shift = 0;
    if (count_in((canvas_rect){bx - w / 2, by - w / 4, w, w / 2}) > 1000)
        for (int step = 0; step < 40; step++) {
            shift = (lo + hi) / 2;
            size_t n = count_in((canvas_rect){bx + shift - w / 2, by - w / 4, w, w / 2});
            if (n > 1000) lo = shift; else hi = shift;
        }
    canvas_rect target = {bx + shift - w / 2, by - w / 4, w, w / 2};
    size_t inside = count_in(target);
    /* On screen from (100, 100) to (1180, 640): clear of the 40-point edge
       bands where a select drag scrolls the viewport. */
    CHECK(engine, canvas_set_viewport_offset(engine, (canvas_point){target.x - 100, target.y - 100}, NULL));
    copy_if_published();
    CHECK(engine, canvas_set_tool(engine, CANVAS_TOOL_SELECT));
    /* The press must land on empty space to draw a marquee. */
    double sx = -1, sy = -1;
    for (int r = 0; r < 640 && sx < 0; r += 4)   /* nearest the target's top-left corner first */
        for (int a = 0; a <= r && sx < 0; a += 4)
            if (!hit(100 - r / 2 + a, 100 - r / 2 + (r - a) / 2 + 0.0)) sx = 100 - r / 2 + a, sy = 100 - r / 2 + (r - a) / 2;
    int drawn = sx >= 0;
    if (drawn) {
        p = phase_begin("marquee over about 1,000 cards", 32);
        drag m = {sx, sy, (1190 - sx) / 30, (650 - sy) / 30, 30};
        run_drag(&p, m, 0);
        phase_print(&p);
    stop_motion();
    } else {
        /* Every point near the target is on a card (dense boards are): the
           marquee grows frame by frame through canvas_select_rect instead. */
        p = phase_begin("marquee over about 1,000 cards (select_rect)", 30);
        while (phase_frame(&p, frame(marquee_input, &target, (int)p.count + 1, NULL))) {}
        phase_print(&p);
        stop_motion();
    }
    read_selection();
    printf("{\"marquee\": {\"drawn\": %s, \"selected\": %zu, \"cards_in_target\": %zu, \"zoom\": %.4f}}\n",
           drawn ? "true" : "false", selection.count, inside, zoom);
    fflush(stdout);

    /* ---- drags of the selection with snapping ---- */
    canvas_snap snap = {0, 1, 1, 8};
    CHECK(engine, canvas_set_snap(engine, &snap));
    phase all = phase_begin("drag the selection with snapping (10 drags)", 10 * 22);
    double first_p99 = -1, tenth_p99 = -1, first_move = -1;
    int drags = 0;
    for (int d = 0; d < 10 && !all.capped; d++) {
        /* A point on a selected card that the card is on top at. */
        double px = -1, py = -1;
        for (size_t s = 0; s < selection.count && px < 0; s++) {
            canvas_rect f;
            CHECK(engine, canvas_get_frame(engine, selection.ids[s], &f));
            CHECK(engine, canvas_get_viewport(engine, &v));
            double cx = (f.x + f.width / 2) * zoom - v.x, cy = (f.y + f.height / 2) * zoom - v.y;
            if (cx < 150 || cx > 1130 || cy < 150 || cy > 650) continue;
            uint64_t id = hit(cx, cy);
            if (id && selected(id)) px = cx, py = cy;
        }
        if (px < 0) break;
        phase one = phase_begin("drag", 22);
        double sign = d % 2 ? -1 : 1;
        run_drag(&one, (drag){px, py, 3 * sign, 2 * sign, 20}, 0);
        for (size_t f = 0; f < one.count; f++) phase_frame(&all, one.times[f]);
        if (d == 0 && one.count > 1) first_move = one.times[1];
        double p99 = one.count ? percentile(one.times, one.count, 0.99) : 0;
        if (d == 0) first_p99 = p99;
        if (d == 9) tenth_p99 = p99;
        free(one.times);
        drags++;
    }
    if (!all.capped) all.planned = all.count;
    phase_print(&all);
    stop_motion();
    read_selection();
    printf("{\"drags\": {\"count\": %d, \"first_move_us\": %.2f, \"first_p99_us\": %.2f, \"tenth_p99_us\": %.2f, "
           "\"selected\": %zu}}\n", drags, first_move * 1e6, first_p99 * 1e6, tenth_p99 * 1e6, selection.count);
    fflush(stdout);

    /* ---- idle at zoom 1 ---- */
    CHECK(engine, canvas_set_tool(engine, CANVAS_TOOL_PAN));
    p = phase_begin("idle at the marquee's zoom (LOD on)", 120);
    while (phase_frame(&p, frame(NULL, NULL, 0, NULL))) {}
    phase_print(&p);
    stop_motion();
    CHECK(engine, canvas_clear_lod(engine, NULL));
    copy_if_published();
    p = phase_begin("idle at the marquee's zoom (LOD off)", 120);
    while (phase_frame(&p, frame(NULL, NULL, 0, NULL))) {}
    phase_print(&p);
    stop_motion();
    CHECK(engine, canvas_set_lod(engine, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
    copy_if_published();

    /* ---- edits, group by group, each with a timeout ---- */
    static const char *const delete_names[] = {"delete_selection", "undo_delete", "redo_delete", NULL};
    static const char *const scattered_names[] = {"remove_1000_scattered", "undo_remove_1000", NULL};
    static const char *const middle_names[] = {"remove_one_middle", "undo_remove_one", NULL};
    static const char *const insert_names[] = {"insert_1000_front", "undo_insert_1000", NULL};
    run_edits("delete", delete_names, delete_group);
    run_edits("scattered", scattered_names, scattered_group);
    run_edits("middle", middle_names, middle_group);
    run_edits("insert", insert_names, insert_group);

    print_memory();
    canvas_engine_destroy(engine);
    host_frame_free(&host);
    free(clusters), free(frames), free(selection.ids);
    return 0;
}


