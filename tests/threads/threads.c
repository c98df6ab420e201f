/*
** threads.c: independent engines on different threads, under ThreadSanitizer.
**
** canvas.h promises that engines share no state: each thread here runs a
** whole session (items, a custom layout, resolve, viewport, zoom, pinch,
** selection) on its own engine while the others do the same. Built with
** -fsanitize=thread against a TSan build of libcanvas.so, any data race in
** the library (a shared cache, a global counter) is reported and fails the run.
**
** With --share-one-engine every thread uses the same engine, which canvas.h
** forbids: TSan must report that, which shows the check can fail.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"

#define THREADS 4
#define ROUNDS 40

static canvas_status place_in_a_row(void *user, const canvas_size *sizes, size_t count,
                                    double proposal_width, double proposal_height, canvas_rect *frames) {
    double gap = *(const double *)user, x = 0;
    (void)proposal_width;
    (void)proposal_height;
    for (size_t i = 0; i < count; i++) {
        frames[i] = (canvas_rect){x, -(double)(i % 3) * 10, sizes[i].width, sizes[i].height};
        x -= sizes[i].width + gap;
    }
    return CANVAS_OK;
}

static canvas_status count_zoom(void *user, canvas_zoom_event event, double scale) {
    (void)event;
    (void)scale;
    ++*(int *)user;
    return CANVAS_OK;
}

static canvas_engine *shared_engine;  /* set only with --share-one-engine */

static void *session(void *argument) {
    int seed = (int)(size_t)argument, zoom_events = 0, failures = 0;
    double gap = 4 + seed;
    canvas_engine *engine = shared_engine ? shared_engine : canvas_engine_create();
    for (int round = 0; round < ROUNDS; round++) {
        size_t count = 200 + (size_t)(seed * 37 + round * 11) % 300;
        canvas_size *sizes = malloc(count * sizeof *sizes);
        for (size_t i = 0; i < count; i++) sizes[i] = (canvas_size){10 + (double)(i % 7), 10 + (double)(i % 5)};
        failures += canvas_set_items(engine, sizes, NULL, count) != CANVAS_OK;
        free(sizes);
        failures += canvas_set_zoom_callback(engine, count_zoom, &zoom_events) != CANVAS_OK;
        failures += (round % 2 ? canvas_set_layout_custom(engine, place_in_a_row, &gap)
                               : canvas_set_layout_flow(engine, 4, 4, CANVAS_FLOW_ALIGN_TOP, 0)) != CANVAS_OK;
        failures += canvas_resolve(engine) != CANVAS_OK;
        failures += canvas_set_viewport_size(engine, (canvas_size){200, 150}, NULL) != CANVAS_OK;
        failures += canvas_set_viewport_offset(engine, (canvas_point){round * 7.0, round * 3.0}, NULL) != CANVAS_OK;
        failures += canvas_pinch(engine, CANVAS_PINCH_BEGAN, 1, 2, (canvas_point){50, 50}) != CANVAS_OK;
        failures += canvas_pinch(engine, CANVAS_PINCH_CHANGED, 1.5, 2, (canvas_point){50, 50}) != CANVAS_OK;
        failures += canvas_pinch(engine, CANVAS_PINCH_ENDED, 1.5, 2, (canvas_point){50, 50}) != CANVAS_OK;
        uint64_t id;
        canvas_select_result selected;
        failures += canvas_select_at(engine, (canvas_point){20, 20}, &id, &selected) != CANVAS_OK;
        size_t visible = 0;
        failures += canvas_copy_visible(engine, NULL, 0, &visible) != CANVAS_OK;
        /* A refused call on purpose: each engine writes its own last error. */
        failures += canvas_set_content_anchor(engine, (canvas_point){2, 2}) != CANVAS_ERR_INVALID_ARGUMENT;
        (void)canvas_engine_last_error(engine);
    }
    if (!shared_engine) canvas_engine_destroy(engine);
    return (void *)(size_t)(failures + (zoom_events == 0));
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--share-one-engine") == 0) shared_engine = canvas_engine_create();
    pthread_t threads[THREADS];
    for (size_t i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, session, (void *)i);
    size_t failed = 0;
    for (size_t i = 0; i < THREADS; i++) {
        void *result;
        pthread_join(threads[i], &result);
        failed += (size_t)result != 0;
    }
    printf("%zu passed, %zu failed\n", (size_t)THREADS - failed, failed);
    return failed != 0;
}
