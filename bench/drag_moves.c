/*
** The free index's cost of dragging a selection in the densest blob
** (issue 20): bench/session_data.h's seeded mixed cards (default 1,000,000),
** a free canvas with level of detail off, so a step is canvas_move_items
** and the index's moves (plus the item table and bounds), not the detail
** pyramid. The 1,000 cards nearest the busiest blob's centre move by
** (3, 2) points a step, 60 steps; prints the first step and p50/p95/p99/max
** of the rest, in microseconds per step and per card.
** Usage: drag_moves [cards] [steps]   (callgrind: --toggle-collect=canvas_move_items)
*/
#include "common.h"
#include "session_data.h"

int main(int argc, char **argv) {
    size_t cards = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    int steps = argc > 2 ? atoi(argv[2]) : 60;
    double *frames = malloc(cards * 4 * sizeof(double));
    sd_generate(SD_MIXED, cards, frames);
    double bx = 0, by = 0;
    sd_busiest(cards, &bx, &by);
    canvas_engine *engine = canvas_engine_create();
    CHECK(engine, canvas_set_item_frames(engine, (const canvas_rect *)frames, NULL, cards));
    CHECK(engine, canvas_resolve(engine));
    /* The selection: the cards meeting a square about the blob's centre,
       grown until it holds 1,000 (the query also builds the free index). */
    enum { selected = 1000 };
    uint64_t *found = malloc(cards * sizeof *found);
    size_t count = 0;
    for (double half = 50; count < selected; half *= 1.25)
        CHECK(engine, canvas_query(engine, (canvas_rect){bx - half, by - half, 2 * half, 2 * half}, found, cards, &count));
    canvas_point *origins = malloc(selected * sizeof *origins);
    for (size_t i = 0; i < selected; i++) {
        canvas_rect r;
        CHECK(engine, canvas_get_frame(engine, found[i], &r));
        origins[i] = (canvas_point){r.x, r.y};
    }
    double *times = malloc(steps * sizeof *times);
    for (int s = 0; s < steps; s++) {
        for (size_t i = 0; i < selected; i++) origins[i].x += 3, origins[i].y += 2;
        double start = now_seconds();
        CHECK(engine, canvas_move_items(engine, found, origins, selected));
        times[s] = (now_seconds() - start) * 1e6;
    }
    double first = times[0];
    qsort(times + 1, steps - 1, sizeof *times, compare_doubles);
    int n = steps - 1;
    printf("{\"cards\": %zu, \"selected\": %d, \"steps\": %d, \"first_us\": %.1f, \"p50_us\": %.1f, \"p95_us\": %.1f, "
           "\"p99_us\": %.1f, \"max_us\": %.1f, \"p50_us_per_card\": %.3f}\n", cards, selected, steps, first,
           times[n / 2], times[n * 95 / 100], times[n * 99 / 100], times[n - 1], times[n / 2] / selected);
    canvas_engine_destroy(engine);
    return 0;
}
