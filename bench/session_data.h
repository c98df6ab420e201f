/*
** session_data.h: the seeded generator of the session benchmark's cards and
** of the comparison sets (bench/session.c, bench/rtree_compare.cpp).
**
** All four sets put n cards in a square world of side 250 * sqrt(n) points
** (250,000 at 1,000,000: about one card per 250 x 250 points on average),
** from SplitMix64 seeded with the set's number plus 20 (issue 20), so a
** set is the same bytes on every run and in every program:
**
**   mixed      the whiteboard: sides log-normal (median 160 points, sigma
**              ln(100)/4, so 95% fall within 16 ... 1,600; clamped there),
**              aspect ratio w/h log-uniform in 0.3 ... 3 (w = s*sqrt(a),
**              h = s/sqrt(a)); positions: 85% in 300 Gaussian blobs (centres
**              uniform in the world, sigma log-uniform in 500 ... 8,000
**              points, each blob's share of the cards proportional to a
**              uniform weight in 0.2 ... 1), 15% uniform over the world.
**   uniform    80 x 60 cards at uniform positions.
**   clustered  80 x 60 cards in the same 300 blobs (every card in a blob).
**   lines      80 x 60 cards along 1,000 straight segments (random ends in
**              the world), evenly spread along each, 1% jitter of 200 points.
**
** Positions are a card's centre (clamped into the world); cards overlap, as
** on real boards. Ids are 1 ... n in data order (the order of generation:
** blobs and background interleaved, so any id range is scattered in space).
*/
#ifndef BENCH_SESSION_DATA_H
#define BENCH_SESSION_DATA_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* common.h's SplitMix64, under the generator's names. */
typedef rng sd_rng;
#define sd_next rng_next
#define sd_uniform rng_uniform

/* A standard normal deviate (Box-Muller, one of the pair). */
static inline double sd_normal(sd_rng *r) {
    double u = sd_uniform(r, 0x1p-53, 1), v = sd_uniform(r, 0, 1);
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

typedef enum { SD_MIXED = 0, SD_UNIFORM = 1, SD_CLUSTERED = 2, SD_LINES = 3 } sd_kind;

static const char *const sd_names[] = {"mixed", "uniform", "clustered", "lines"};

static inline int sd_kind_named(const char *name) {
    for (int i = 0; i < 4; i++)
        if (strcmp(name, sd_names[i]) == 0) return i;
    return -1;
}

#define SD_BLOBS 300
#define SD_LINES_COUNT 1000

static inline double sd_world(size_t n) { return 250.0 * sqrt((double)(n < 1 ? 1 : n)); }

/* Fills frames[i] = {x, y, w, h} for the n cards of `kind`. */
static inline void sd_generate(sd_kind kind, size_t n, double *frames) {
    sd_rng r = {20 + (uint64_t)kind};
    double side = sd_world(n);
    double bx[SD_BLOBS], by[SD_BLOBS], bs[SD_BLOBS], bw[SD_BLOBS], total = 0;
    for (int b = 0; b < SD_BLOBS; b++) {
        bx[b] = sd_uniform(&r, 0, side);
        by[b] = sd_uniform(&r, 0, side);
        bs[b] = exp(sd_uniform(&r, log(500), log(8000)));
        bw[b] = sd_uniform(&r, 0.2, 1);
        total += bw[b];
    }
    for (int b = 1; b < SD_BLOBS; b++) bw[b] += bw[b - 1];  /* cumulative weights */
    double lx[SD_LINES_COUNT][4];
    for (int l = 0; l < SD_LINES_COUNT; l++)
        for (int k = 0; k < 4; k++) lx[l][k] = sd_uniform(&r, 0, side);
    for (size_t i = 0; i < n; i++) {
        double w = 80, h = 60, cx, cy;
        if (kind == SD_MIXED) {
            double s = exp(log(160) + sd_normal(&r) * log(100) / 4);
            s = s < 16 ? 16 : s > 1600 ? 1600 : s;
            double a = exp(sd_uniform(&r, log(0.3), log(3)));
            w = s * sqrt(a), h = s / sqrt(a);
        }
        int in_blob = kind == SD_CLUSTERED || (kind == SD_MIXED && sd_uniform(&r, 0, 1) < 0.85);
        if (kind == SD_LINES) {
            const double *l = lx[i % SD_LINES_COUNT];
            double t = (double)(i / SD_LINES_COUNT) / (double)(n / SD_LINES_COUNT + 1);
            cx = l[0] + (l[2] - l[0]) * t + sd_normal(&r) * 2;
            cy = l[1] + (l[3] - l[1]) * t + sd_normal(&r) * 2;
            if (sd_uniform(&r, 0, 1) < 0.01) cx += sd_normal(&r) * 200, cy += sd_normal(&r) * 200;
        } else if (in_blob) {
            double pick = sd_uniform(&r, 0, total);
            int lo = 0, hi = SD_BLOBS - 1;
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (bw[mid] < pick) lo = mid + 1; else hi = mid;
            }
            cx = bx[lo] + sd_normal(&r) * bs[lo];
            cy = by[lo] + sd_normal(&r) * bs[lo];
        } else {
            cx = sd_uniform(&r, 0, side);
            cy = sd_uniform(&r, 0, side);
        }
        cx = cx < 0 ? 0 : cx > side ? side : cx;
        cy = cy < 0 ? 0 : cy > side ? side : cy;
        frames[4 * i] = cx - w / 2;
        frames[4 * i + 1] = cy - h / 2;
        frames[4 * i + 2] = w;
        frames[4 * i + 3] = h;
    }
}

/* The centre of the densest blob (the one with the most weight per area), for opening a session there. */
static inline void sd_busiest(size_t n, double *x, double *y) {
    sd_rng r = {20};
    double side = sd_world(n), best = -1;
    for (int b = 0; b < SD_BLOBS; b++) {
        double cx = sd_uniform(&r, 0, side), cy = sd_uniform(&r, 0, side);
        double s = exp(sd_uniform(&r, log(500), log(8000))), w = sd_uniform(&r, 0.2, 1);
        double density = w / (s * s);
        if (density > best) best = density, *x = cx, *y = cy;
    }
}

#endif
