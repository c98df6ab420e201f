/*
** editing_boost.cpp: bench/editing.c's operations on Boost.Geometry's
** rtree<box, rstar<16>> (header-only, Debian libboost-dev), on the same
** scene (seed 7: sides 10-60, 1% 200-600, uniform positions, about one per
** 60 x 60 points): built by the packing range constructor, a move is a
** remove and an insert, queries are intersects (touching counts).
**
**     editing-boost [item count]   (default 1000000); a JSON line on stdout
**
** Medians of the same counts as editing.c: move 1 (2001), move 1000 (31),
** insert 1000 appended then remove them (11), the marquee query over about
** 10,000 (21), a viewport query fresh and after 100,000 random moves (301).
** Run by scripts/bench-editing.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <vector>

#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>

extern "C" {
#include "common.h"
}

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;
typedef bg::model::point<double, 2, bg::cs::cartesian> point_t;
typedef bg::model::box<point_t> box_t;
typedef std::pair<box_t, uint64_t> value_t;

static box_t box_of(canvas_rect f) { return box_t(point_t(f.x, f.y), point_t(f.x + f.width, f.y + f.height)); }

static double med(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atoll(argv[1]) : 1000000;
    std::vector<canvas_rect> frames(n);
    rng r = {7};
    double side = std::sqrt((double)n * 3600);
    for (size_t i = 0; i < n; i++) {
        int big = i % 100 == 99;
        double w = big ? rng_uniform(&r, 200, 600) : rng_uniform(&r, 10, 60);
        double h = big ? rng_uniform(&r, 200, 600) : rng_uniform(&r, 10, 60);
        frames[i] = (canvas_rect){rng_uniform(&r, 0, side), rng_uniform(&r, 0, side), w, h};
    }
    canvas_rect viewport = {side / 2, side / 2, 1280, 800};
    double t0 = now_seconds();
    std::vector<value_t> values(n);
    for (size_t i = 0; i < n; i++) values[i] = value_t(box_of(frames[i]), i + 1);
    bgi::rtree<value_t, bgi::rstar<16>> tree(values.begin(), values.end());
    double build = now_seconds() - t0;
    std::vector<value_t> hits;
    auto query = [&](canvas_rect q) {
        hits.clear();
        tree.query(bgi::intersects(box_of(q)), std::back_inserter(hits));
    };
    auto timed = [&](size_t count, auto body) {
        std::vector<double> samples;
        for (size_t s = 0; s < count; s++) {
            double a = now_seconds();
            body();
            samples.push_back(now_seconds() - a);
        }
        return med(samples);
    };
    auto move = [&](size_t at, canvas_rect to) {
        tree.remove(values[at]);
        frames[at] = to;
        values[at].first = box_of(to);
        tree.insert(values[at]);
    };
    double query_fresh = timed(301, [&] { query(viewport); });
    rng q = {11};
    double move1 = timed(2001, [&] {
        size_t at = rng_next(&q) % n;
        canvas_rect f = frames[at];
        move(at, (canvas_rect){rng_uniform(&q, 0, side), rng_uniform(&q, 0, side), f.width, f.height});
    });
    size_t first = n / 3;
    double move1000 = timed(31, [&] {
        for (size_t i = 0; i < 1000; i++) {
            canvas_rect to = frames[first + i];
            to.x += 3;
            move(first + i, to);
        }
    });
    std::vector<value_t> fresh(1000);
    for (size_t i = 0; i < 1000; i++)
        fresh[i] = value_t(box_of((canvas_rect){rng_uniform(&q, 0, side), rng_uniform(&q, 0, side), 30, 30}), n + 1 + i);
    std::vector<double> inserts, removes;
    for (int s = 0; s < 11; s++) {
        double a = now_seconds();
        for (const auto &v : fresh) tree.insert(v);
        double b = now_seconds();
        for (const auto &v : fresh) tree.remove(v);
        removes.push_back(now_seconds() - b);
        inserts.push_back(b - a);
    }
    double marquee_side = std::sqrt(10000.0 * 3600);
    canvas_rect marquee = {side / 4, side / 4, marquee_side, marquee_side};
    double marquee_time = timed(21, [&] { query(marquee); });
    size_t marquee_found = hits.size();
    for (size_t i = 0; i < 100000; i++) {
        size_t at = rng_next(&q) % n;
        canvas_rect f = frames[at];
        move(at, (canvas_rect){rng_uniform(&q, 0, side), rng_uniform(&q, 0, side), f.width, f.height});
    }
    double query_moved = timed(301, [&] { query(viewport); });
    fprintf(stderr, "boost rtree<rstar<16>> at %zu items: build %.0f us, move 1 %.2f us, move 1000 %.1f us, "
            "insert 1000 %.1f us, remove 1000 %.1f us, marquee (%zu) %.1f us, query %.1f us fresh, %.1f us after moves\n",
            n, build * 1e6, move1 * 1e6, move1000 * 1e6, med(inserts) * 1e6, med(removes) * 1e6, marquee_found,
            marquee_time * 1e6, query_fresh * 1e6, query_moved * 1e6);
    printf("{\"items\": %zu, \"boost\": {\"build\": %g, \"move1\": %g, \"move1000\": %g, \"insert1000\": %g, "
           "\"remove1000\": %g, \"marquee\": %g, \"query_fresh\": %g, \"query_moved\": %g}}\n",
           n, build, move1, move1000, med(inserts), med(removes), marquee_time, query_fresh, query_moved);
    return 0;
}
