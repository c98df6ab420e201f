/*
** host_frame.h: what a drawing host keeps between frames and copies each
** frame: the visible items (ids and zoomed frames) and the appeared and
** disappeared ids, into its own buffers. The buffers start small and grow
** when the engine answers CANVAS_ERR_BUFFER_TOO_SMALL (which still says how
** many are needed), as a host that follows the ask-the-size protocol does,
** so a frame copies what is visible and never sizes anything by the item
** count. Shared by interact.c and frame.c.
*/
#ifndef BENCH_HOST_FRAME_H
#define BENCH_HOST_FRAME_H

#include "common.h"

typedef struct host_frame {
    canvas_visible_item *items;
    uint64_t *appeared, *disappeared;
    size_t items_capacity, appeared_capacity, disappeared_capacity;
    size_t items_count, changed_count;  /* running totals, for the report */
} host_frame;

static inline host_frame host_frame_make(void) {
    size_t start = 64;  /* less than a screenful: the first frames grow it */
    host_frame f = {xmalloc(start * sizeof(canvas_visible_item)), xmalloc(start * 8), xmalloc(start * 8),
                    start, start, start, 0, 0};
    return f;
}

static inline void host_frame_free(host_frame *f) {
    free(f->items), free(f->appeared), free(f->disappeared);
}

/* Grows *buffer (of element size `size`) to hold at least `needed`, doubling. */
static inline void host_grow(void **buffer, size_t *capacity, size_t needed, size_t size) {
    size_t capacity_ = *capacity;
    while (capacity_ < needed) capacity_ *= 2;
    free(*buffer);
    *buffer = xmalloc(capacity_ * size);
    *capacity = capacity_;
}

typedef canvas_status (*host_copy_ids_fn)(const canvas_engine *, uint64_t *, size_t, size_t *);

static inline size_t host_copy_ids(canvas_engine *engine, host_copy_ids_fn copy, uint64_t **buffer,
                                   size_t *capacity) {
    size_t count = 0;
    canvas_status status = copy(engine, *buffer, *capacity, &count);
    if (status == CANVAS_ERR_BUFFER_TOO_SMALL) {
        host_grow((void **)buffer, capacity, count, sizeof **buffer);
        status = copy(engine, *buffer, *capacity, &count);
    }
    CHECK(engine, status);
    return count;
}

/* canvas_copy_clusters into a host's buffer (grown as asked); returns the count. */
static inline size_t host_copy_clusters(canvas_engine *engine, canvas_cluster **buffer, size_t *capacity) {
    size_t count = 0;
    canvas_status status = canvas_copy_clusters(engine, *buffer, *capacity, &count);
    if (status == CANVAS_ERR_BUFFER_TOO_SMALL) {
        host_grow((void **)buffer, capacity, count, sizeof **buffer);
        status = canvas_copy_clusters(engine, *buffer, *capacity, &count);
    }
    CHECK(engine, status);
    return count;
}

/* canvas_copy_cluster_links into a host's buffer (grown as asked); returns the count. */
static inline size_t host_copy_cluster_links(canvas_engine *engine, canvas_cluster_link **buffer, size_t *capacity) {
    size_t count = 0;
    canvas_status status = canvas_copy_cluster_links(engine, *buffer, *capacity, &count);
    if (status == CANVAS_ERR_BUFFER_TOO_SMALL) {
        host_grow((void **)buffer, capacity, count, sizeof **buffer);
        status = canvas_copy_cluster_links(engine, *buffer, *capacity, &count);
    }
    CHECK(engine, status);
    return count;
}

/* canvas_copy_visible_items into the host's buffer; returns the count. */
static inline size_t host_copy_items(canvas_engine *engine, host_frame *f) {
    size_t count = 0;
    canvas_status status = canvas_copy_visible_items(engine, f->items, f->items_capacity, &count);
    if (status == CANVAS_ERR_BUFFER_TOO_SMALL) {
        host_grow((void **)&f->items, &f->items_capacity, count, sizeof *f->items);
        status = canvas_copy_visible_items(engine, f->items, f->items_capacity, &count);
    }
    CHECK(engine, status);
    f->items_count += count;
    return count;
}

/* What a drawing host copies after a frame's input and tick: the visible
   items, then what appeared and disappeared (to create and recycle views). */
static inline void host_copy_frame(canvas_engine *engine, host_frame *f) {
    host_copy_items(engine, f);
    f->changed_count += host_copy_ids(engine, canvas_copy_appeared, &f->appeared, &f->appeared_capacity);
    f->changed_count += host_copy_ids(engine, canvas_copy_disappeared, &f->disappeared, &f->disappeared_capacity);
}

/* The check, untimed: the items copied last are the published visible ids,
   in order, each with the frame canvas_get_frame gives. */
static inline void host_check_items(canvas_engine *engine, const host_frame *f, size_t count, const char *where) {
    size_t visible = 0;
    CHECK(engine, canvas_copy_visible(engine, NULL, 0, &visible));
    uint64_t *ids = xmalloc(visible * 8);
    CHECK(engine, canvas_copy_visible(engine, ids, visible, &visible));
    int same = visible == count;
    for (size_t i = 0; same && i < count; i++) {
        canvas_rect frame;
        CHECK(engine, canvas_get_frame(engine, f->items[i].id, &frame));
        same = ids[i] == f->items[i].id && memcmp(&frame, &f->items[i].frame, sizeof frame) == 0;
    }
    free(ids);
    if (!same) {
        fprintf(stderr, "%s: the visible items are not the visible ids with their frames\n", where);
        exit(1);
    }
}

static inline double percentile(double *values, size_t count, double p) {
    qsort(values, count, sizeof *values, compare_doubles);
    return values[(size_t)(p * (double)(count - 1))];
}

#endif
