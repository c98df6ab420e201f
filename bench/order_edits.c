/*
** order_edits.c: removals and inserts anywhere in the data order on a free
** canvas of n mixed cards (bench/session_data.h), through the C ABI, as
** bench/session.c's edit phases do them, but in one process, repeated, so
** each edit's median shows (issue 20's "cost what they touch" goals):
**
**     order_edits [cards] [rounds] [lod] [kinds]   (default 1000000, 5, 1, 15); prints JSON lines
**
** kinds is a bit mask of the four edits below (1 the middle card, 2 the
** scattered ids, 4 the inserts, 8 the selection), for profiling one alone.
**
** lod 2 also zooms out to the fit and back first, as the session does
** before its edits, so that every level the pyramid has is built. lod 0 leaves level of detail off (its pyramid stores positions, so the
** order edits also renumber or rebuild it).
**
** Each round: remove one card from the middle, undo, redo, undo; remove
** 1,000 scattered ids, undo, redo, undo; insert 1,000 cards before the first,
** undo, redo, undo; delete a ~1,000-card marquee selection, undo, redo, undo.
** The first edit of the run is reported apart (it may build what later
** edits reuse). A time is the call plus copying what it published. Memory,
** per card, less the resident size before the engine: the peak (VmHWM) and
** the resident size (VmRSS) after opening, and both again after the edits.
*/
#include <math.h>

#include "host_frame.h"
#include "session_data.h"

static canvas_engine *engine;
static host_frame host;
static uint64_t last_publish;

static void copy_if_published(void) {
    uint64_t count = 0;
    CHECK(engine, canvas_get_publish_count(engine, &count));
    if (count == last_publish) return;
    last_publish = count;
    host_copy_frame(engine, &host);
}

#define TIMED(call) ({ double s_ = now_seconds(); CHECK(engine, call); copy_if_published(); now_seconds() - s_; })

enum { KINDS = 4, STEPS = 3 };
static const char *const kinds[KINDS] = {"remove_one_middle", "remove_1000_scattered", "insert_1000_front", "delete_selection"};
static const char *const steps[STEPS] = {"edit", "undo", "redo"};

int main(int argc, char **argv) {
    size_t cards = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    int lod = argc > 3 ? atoi(argv[3]) : 1;
    int mask = argc > 4 ? atoi(argv[4]) : 15;
    double *frames = xmalloc(cards * 4 * sizeof(double));
    sd_generate(SD_MIXED, cards, frames);
    host = host_frame_make();
    canvas_engine_destroy(canvas_engine_create());
    long base_kib = status_kib("VmRSS");
    double bx = 0, by = 0;
    sd_busiest(cards, &bx, &by);
    engine = canvas_engine_create();
    CHECK(engine, canvas_set_item_frames(engine, (const canvas_rect *)frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));
    CHECK(engine, canvas_set_zoom_axis(engine, CANVAS_ZOOM_BOTH));
    CHECK(engine, canvas_set_viewport(engine, (canvas_size){1280, 800}, &(canvas_point){bx - 640, by - 400}, NAN, NULL));
    if (lod) CHECK(engine, canvas_set_lod(engine, CANVAS_LOD_MIN_SIZE, CANVAS_LOD_CELL, NULL));
    copy_if_published();
    if (lod == 2) {
        canvas_rect bounds;
        CHECK(engine, canvas_get_content_bounds(engine, &bounds));
        double fit = fmin(1280 / bounds.width, 800 / bounds.height);
        CHECK(engine, canvas_set_zoom_limits(engine, fit, 8));
        for (double z = 1; z > fit; z *= 0.8) { CHECK(engine, canvas_set_zoom(engine, z)); copy_if_published(); }
        CHECK(engine, canvas_set_zoom(engine, fit)); copy_if_published();
        CHECK(engine, canvas_set_zoom(engine, 1)); copy_if_published();
        CHECK(engine, canvas_set_viewport(engine, (canvas_size){1280, 800}, &(canvas_point){bx - 640, by - 400}, NAN, NULL));
        copy_if_published();
    }
    long open_kib = status_kib("VmHWM"), open_rss_kib = status_kib("VmRSS");

    /* The marquee: a square round the busiest blob holding about 1,000 cards. */
    double side = 2000;
    size_t selected = 0;
    for (int tries = 0; tries < 40; tries++) {
        CHECK(engine, canvas_select_rect(engine, (canvas_rect){bx - side / 2, by - side / 2, side, side},
                                         CANVAS_MARQUEE_INTERSECT, CANVAS_SELECTION_REPLACE));
        CHECK(engine, canvas_copy_selection(engine, NULL, 0, &selected));
        if (selected >= 900 && selected <= 1300) break;
        side *= sqrt(1100.0 / (double)(selected ? selected : 1));
    }
    uint64_t *selection = xmalloc((selected + 1) * 8);
    CHECK(engine, canvas_copy_selection(engine, selection, selected, &selected));

    uint64_t scattered[1000];
    rng r = {2020};
    for (size_t count = 0; count < 1000 && count < cards;) {
        uint64_t id = 1 + rng_next(&r) % cards;
        int dup = 0;
        for (size_t i = 0; i < count && !dup; i++) dup = scattered[i] == id;
        if (!dup) scattered[count++] = id;
    }
    canvas_rect inserted[1000];
    uint64_t inserted_ids[1000];
    rng q = {2021};
    double world = sd_world(cards);
    for (size_t i = 0; i < 1000; i++) {
        inserted[i] = (canvas_rect){rng_uniform(&q, 0, world), rng_uniform(&q, 0, world), 120, 80};
        inserted_ids[i] = (uint64_t)cards + 1 + i;
    }

    double *times[KINDS][STEPS];
    for (int k = 0; k < KINDS; k++)
        for (int s = 0; s < STEPS; s++) times[k][s] = xmalloc((size_t)rounds * sizeof(double));
    double first = -1;
    for (int round = 0; round < rounds; round++) {
        uint64_t middle = cards / 2 + (uint64_t)round;
        uint64_t before = 1;
        for (int k = 0; k < KINDS; k++) {
            if (!(mask & 1 << k)) continue;
            double edit;
            if (k == 0) edit = TIMED(canvas_remove_items(engine, &middle, 1));
            else if (k == 1) edit = TIMED(canvas_remove_items(engine, scattered, 1000));
            else if (k == 2) edit = TIMED(canvas_insert_items(engine, inserted, inserted_ids, 1000, &before));
            else edit = TIMED(canvas_remove_items(engine, selection, selected));  /* as session.c deletes it */
            if (first < 0) first = edit;
            times[k][0][round] = edit;
            times[k][1][round] = TIMED(canvas_undo(engine));
            times[k][2][round] = TIMED(canvas_redo(engine));
            CHECK(engine, canvas_undo(engine));
            copy_if_published();
        }
    }
    long hwm = status_kib("VmHWM"), rss = status_kib("VmRSS");
    printf("{\"cards\": %zu, \"rounds\": %d, \"lod\": %d, \"selected\": %zu, \"first_edit_ms\": %.4f}\n", cards, rounds, lod, selected, first * 1e3);
    for (int k = 0; k < KINDS; k++)
        for (int s = 0; s < STEPS && mask & 1 << k; s++)
            printf("{\"edit\": \"%s\", \"step\": \"%s\", \"median_ms\": %.4f}\n", kinds[k], steps[s],
                   median(times[k][s], (size_t)rounds) * 1e3);
    printf("{\"memory\": {\"open_peak_bytes_per_card\": %.1f, \"open_resident_bytes_per_card\": %.1f, "
           "\"peak_bytes_per_card\": %.1f, \"resident_after_bytes_per_card\": %.1f}}\n",
           (double)(open_kib - base_kib) * 1024 / (double)cards, (double)(open_rss_kib - base_kib) * 1024 / (double)cards,
           (double)(hwm - base_kib) * 1024 / (double)cards, (double)(rss - base_kib) * 1024 / (double)cards);
    canvas_engine_destroy(engine);
    host_frame_free(&host);
    free(frames), free(selection);
    return 0;
}
