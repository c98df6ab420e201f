/*
** rtree_compare.cpp: the free canvas's viewport query and edits against
** Boost.Geometry's rtree<rstar<16>> on the same cards (scripts/bench-session).
**
**     bench-rtree [cards]     (default 1000000); a JSON line per data set
**
** For each of bench/session_data.h's sets (mixed, uniform, clustered,
** lines): the cards into a free canvas (canvas_set_item_frames, resolve, a
** 1280 x 800 viewport) and into the tree (its packing range constructor);
** 200 queries of 1280 x 800 centred on seeded random cards, ids copied out,
** each timed (the two sides in turn, alternating which goes first), medians
** and p99s, and each side's mean answer; then 100,000 seeded random edits,
** each moving a random card by up to 500 points on each axis
** (canvas_move_items; for the tree a remove of the old box and an insert of
** the new), the median edit; then the
** same queries again. The tree answers intersects (touching counts); Canvas
** strict overlap, so its counts can be a little lower.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>

extern "C" {
#include "common.h"
#include "session_data.h"
}

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;
typedef bg::model::point<double, 2, bg::cs::cartesian> point_t;
typedef bg::model::box<point_t> box_t;
typedef std::pair<box_t, uint64_t> value_t;

static box_t box_of(const double *f) { return box_t(point_t(f[0], f[1]), point_t(f[0] + f[2], f[1] + f[3])); }

static double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, (size_t)(q * v.size()))];
}

static double med(const std::vector<double> &v) { return quantile(v, 0.5); }

/* One measured pass of the queries: medians and p99s in microseconds, and the
** mean answer of each side (the two should be within the touching cards). */
struct pass {
    double canvas_us, boost_us, canvas_p99_us, boost_p99_us, canvas_hits, boost_hits;
};

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 1000000;
    const size_t queries = 200, edits = 100000;
    std::vector<double> frames(n * 4);
    std::vector<uint64_t> out(n);
    for (int kind = 0; kind < 4; kind++) {
        sd_generate((sd_kind)kind, n, frames.data());
        canvas_engine *engine = canvas_engine_create();
        CHECK(engine, canvas_set_item_frames(engine, (const canvas_rect *)frames.data(), NULL, n));
        CHECK(engine, canvas_resolve(engine));
        CHECK(engine, canvas_set_viewport_size(engine, (canvas_size){1280, 800}, NULL));
        std::vector<value_t> values(n);
        for (size_t i = 0; i < n; i++) values[i] = value_t(box_of(&frames[4 * i]), i + 1);
        bgi::rtree<value_t, bgi::rstar<16>> tree(values.begin(), values.end());

        rng r = {4242 + (uint64_t)kind};
        std::vector<canvas_rect> rects(queries);
        for (auto &q : rects) {
            size_t i = rng_next(&r) % n;
            double cx = frames[4 * i] + frames[4 * i + 2] / 2, cy = frames[4 * i + 1] + frames[4 * i + 3] / 2;
            q = (canvas_rect){cx - 640, cy - 400, 1280, 800};
        }
        std::vector<value_t> hits;
        auto measure = [&](pass *p) {
            std::vector<double> a, b;
            double canvas_hits = 0, boost_hits = 0;
            for (size_t k = 0; k < rects.size(); k++) {
                const canvas_rect &q = rects[k];
                // Alternate which side goes first, so neither always meets
                // the caches the other left.
                for (int side = 0; side < 2; side++) {
                    if ((side ^ (int)(k & 1)) == 0) {
                        size_t count = 0;
                        double t0 = now_seconds();
                        CHECK(engine, canvas_query(engine, q, out.data(), n, &count));
                        a.push_back(now_seconds() - t0);
                        canvas_hits += count;
                    } else {
                        hits.clear();
                        double t0 = now_seconds();
                        tree.query(bgi::intersects(box_t(point_t(q.x, q.y), point_t(q.x + q.width, q.y + q.height))),
                                   std::back_inserter(hits));
                        b.push_back(now_seconds() - t0);
                        boost_hits += hits.size();
                    }
                }
            }
            *p = pass{med(a) * 1e6, med(b) * 1e6, quantile(a, 0.99) * 1e6, quantile(b, 0.99) * 1e6,
                      canvas_hits / rects.size(), boost_hits / rects.size()};
        };
        pass fresh, after;
        measure(&fresh);
        std::vector<double> ce, be;
        ce.reserve(edits), be.reserve(edits);
        for (size_t e = 0; e < edits; e++) {
            size_t i = rng_next(&r) % n;
            double *f = &frames[4 * i];
            canvas_point origin = {f[0] + rng_uniform(&r, -500, 500), f[1] + rng_uniform(&r, -500, 500)};
            uint64_t id = i + 1;
            double t0 = now_seconds();
            CHECK(engine, canvas_move_items(engine, &id, &origin, 1));
            double t1 = now_seconds();
            tree.remove(values[i]);
            f[0] = origin.x, f[1] = origin.y;
            values[i].first = box_of(f);
            tree.insert(values[i]);
            double t2 = now_seconds();
            ce.push_back(t1 - t0), be.push_back(t2 - t1);
        }
        measure(&after);
        printf("{\"set\": \"%s\", \"cards\": %zu, \"canvas_fresh_us\": %.3f, \"boost_fresh_us\": %.3f, "
               "\"canvas_after_us\": %.3f, \"boost_after_us\": %.3f, \"canvas_edit_us\": %.3f, \"boost_edit_us\": %.3f, "
               "\"canvas_fresh_p99_us\": %.3f, \"boost_fresh_p99_us\": %.3f, \"canvas_after_p99_us\": %.3f, "
               "\"boost_after_p99_us\": %.3f, \"canvas_fresh_hits\": %.1f, \"boost_fresh_hits\": %.1f, "
               "\"canvas_after_hits\": %.1f, \"boost_after_hits\": %.1f}\n",
               sd_names[kind], n, fresh.canvas_us, fresh.boost_us, after.canvas_us, after.boost_us, med(ce) * 1e6,
               med(be) * 1e6, fresh.canvas_p99_us, fresh.boost_p99_us, after.canvas_p99_us, after.boost_p99_us,
               fresh.canvas_hits, fresh.boost_hits, after.canvas_hits, after.boost_hits);
        fflush(stdout);
        canvas_engine_destroy(engine);
    }
    return 0;
}
