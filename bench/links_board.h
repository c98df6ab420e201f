/*
** links_board.h: bench/links.c's board for benches that need it as a
** value (links_zoom.c): `cards` cards and about 1.5 links a card between
** near neighbours (the generation is links.c's, step for step, so the
** boards are the same):
**   uniform  cards of 120 x 70 in rows of 1,000 at a 150 x 100 pitch; a card
**            links to the next in its row and, half the time, the one below.
**   mixed    bench/session_data.h's whiteboard; cards taken in order of
**            500-point cells, each linked to the next and, half the time,
**            the one after.
*/
#ifndef BENCH_LINKS_BOARD_H
#define BENCH_LINKS_BOARD_H

#include "common.h"
#include "session_data.h"

typedef struct links_board {
    canvas_rect *frames;
    size_t *order;  /* the cards in neighbour order */
    canvas_link *links;
    size_t count;
} links_board;

static const canvas_rect *links_board_sort_frames;
static int links_board_compare_cells(const void *a, const void *b) {
    const canvas_rect *p = &links_board_sort_frames[*(const size_t *)a], *q = &links_board_sort_frames[*(const size_t *)b];
    double py = floor(p->y / 500), qy = floor(q->y / 500), px = floor(p->x / 500), qx = floor(q->x / 500);
    if (py != qy) return py < qy ? -1 : 1;
    if (px != qx) return px < qx ? -1 : 1;
    return (*(const size_t *)a > *(const size_t *)b) - (*(const size_t *)a < *(const size_t *)b);
}

/* `r` draws which cards get a second link (a caller seeds it with 24 and may go on drawing from it). */
static links_board links_board_make(int mixed, size_t cards, rng *r) {
    const size_t columns = 1000;
    links_board b = {xmalloc(cards * sizeof(canvas_rect)), xmalloc(cards * sizeof(size_t)),
                     xmalloc(2 * cards * sizeof(canvas_link)), 0};
    if (mixed) {
        double *raw = xmalloc(4 * cards * sizeof *raw);
        sd_generate(SD_MIXED, cards, raw);
        for (size_t i = 0; i < cards; i++) b.frames[i] = (canvas_rect){raw[4 * i], raw[4 * i + 1], raw[4 * i + 2], raw[4 * i + 3]};
        free(raw);
        for (size_t i = 0; i < cards; i++) b.order[i] = i;
        links_board_sort_frames = b.frames;
        qsort(b.order, cards, sizeof *b.order, links_board_compare_cells);
    } else {
        for (size_t i = 0; i < cards; i++) {
            b.frames[i] = (canvas_rect){(double)(i % columns) * 150, (double)(i / columns) * 100, 120, 70};
            b.order[i] = i;
        }
    }
    for (size_t k = 0; k < cards; k++) {
        size_t i = b.order[k];
        if (mixed) {
            if (k + 1 < cards) {
                b.links[b.count] = (canvas_link){b.count + 1, i + 1, b.order[k + 1] + 1, (canvas_link_style)(k % 3), CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
                b.count++;
            }
            if (rng_next(r) % 2 && k + 2 < cards) {
                b.links[b.count] = (canvas_link){b.count + 1, i + 1, b.order[k + 2] + 1, CANVAS_LINK_STEP, CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
                b.count++;
            }
        } else {
            size_t right = (i + 1) % columns ? i + 1 : i - 1;
            b.links[b.count] = (canvas_link){b.count + 1, i + 1, right + 1, (canvas_link_style)(i % 3), CANVAS_SIDE_AUTO, CANVAS_SIDE_AUTO};
            b.count++;
            if (rng_next(r) % 2 && i + columns < cards) {
                b.links[b.count] = (canvas_link){b.count + 1, i + 1, i + columns + 1, CANVAS_LINK_STEP, CANVAS_SIDE_BOTTOM, CANVAS_SIDE_TOP};
                b.count++;
            }
        }
    }
    return b;
}

static void links_board_free(links_board *b) { free(b->frames), free(b->order), free(b->links); }

#endif
