import Testing
@testable import CanvasCore

@Suite("Link grid")
struct LinkGridTests {
    /// Bounds as the links' culling index sees them: mostly short links
    /// between neighbours, some long ones, a few that are never found, all
    /// around `offset` (far from the origin, the rounding is coarsest).
    func bounds(_ count: Int, offset: Double, rng: inout SplitMix64) -> [Rect] {
        (0..<count).map { _ in
            let x = offset + rng.uniform(-3000, 3000), y = offset + rng.uniform(-3000, 3000)
            switch rng.next() % 20 {
            case 0: return Rect(x: x, y: y, width: rng.uniform(500, 8000), height: rng.uniform(1, 3000))  // long
            case 1: return Rect(x: x, y: y, width: 0, height: 10)  // no area: never found
            case 2: return Rect(x: .nan, y: y, width: 10, height: 10)
            case 3: return Rect(x: x, y: y, width: 1, height: rng.uniform(1, 200))  // a straight vertical link
            default: return Rect(x: x, y: y, width: rng.uniform(1, 160), height: rng.uniform(1, 110))
            }
        }
    }

    /// The engine's exact rule: the bounds, zoomed, meet `rect`.
    func meets(_ b: Rect, _ rect: Rect, _ zoom: ZoomTransform) -> Bool {
        let x = zoom.position(b.x, axis: .horizontal), y = zoom.position(b.y, axis: .vertical)
        let zoomed = Rect(x: x, y: y, width: zoom.position(b.x + b.width, axis: .horizontal) - x,
                          height: zoom.position(b.y + b.height, axis: .vertical) - y)
        return zoomed.intersects(rect)
    }

    /// Query rectangles: random ones, and ones whose edges sit exactly on
    /// (or one unit in the last place beside) a link's side, where the
    /// rounded bounds cannot decide.
    func rect(_ all: [Rect], _ zoom: ZoomTransform, rng: inout SplitMix64) -> Rect {
        let b = all[Int(rng.next() % UInt64(all.count))]
        let width = rng.uniform(1, 2500), height = rng.uniform(1, 1500)
        guard b.isFinite, rng.next() % 3 != 0 else {
            return Rect(x: zoom.position(b.isFinite ? b.x : 0, axis: .horizontal) + rng.uniform(-1500, 500),
                        y: zoom.position(b.isFinite ? b.y : 0, axis: .vertical) + rng.uniform(-1000, 300),
                        width: width, height: height)
        }
        func nudge(_ v: Double) -> Double { [v, v.nextUp, v.nextDown][Int(rng.next() % 3)] }
        let x0 = zoom.position(b.x, axis: .horizontal), x1 = zoom.position(b.x + b.width, axis: .horizontal)
        let y0 = zoom.position(b.y, axis: .vertical), y1 = zoom.position(b.y + b.height, axis: .vertical)
        switch rng.next() % 4 {
        case 0: return Rect(x: nudge(x1), y: y0 - height / 2, width: width, height: height)  // left edge on the right side
        case 1: return Rect(x: nudge(x0) - width, y: y0 - height / 2, width: width, height: height)  // right edge on the left side
        case 2: return Rect(x: x0 - width / 2, y: nudge(y1), width: width, height: height)
        default: return Rect(x: x0 - width / 2, y: nudge(y0) - height, width: width, height: height)
        }
    }

    @Test("queries match a brute force over mixed bounds, zooms and far coordinates, edges included")
    func againstBruteForce() {
        var asked = 0
        for (seed, offset) in [(UInt64(1), 0.0), (2, 0.0), (3, 1e9), (4, -3.7e13), (5, 1e308)] {
            var rng = SplitMix64(seed: seed)
            let all = bounds(3000, offset: offset, rng: &rng)
            let grid = LinkGrid(bounds: all)
            #expect(grid.count == all.filter(SpatialIndex.isIndexable).count, "seed \(seed)")
            for step in 0..<400 {
                let axes: [ZoomAxis] = [.both, .horizontal, .vertical]
                let zoom = step % 2 == 0 ? .identity : ZoomTransform(scale: rng.uniform(0.05, 4), axis: axes[step % 3])
                let rect = rect(all, zoom, rng: &rng)
                let expected = all.indices.filter { SpatialIndex.isIndexable(all[$0]) && meets(all[$0], rect, zoom) }
                let found = grid.query(rect, cover: zoom.unzoomedCover(rect), zoom: zoom) { position in
                    asked += 1
                    return meets(all[position], rect, zoom)
                }
                #expect(found == expected, "seed \(seed) step \(step)")
            }
        }
        #expect(asked > 0, "no query reached a link's edge")
    }

    @Test("a board of near-neighbour links: one entry a link, few levels, at most 17 bytes a link")
    func compact() {
        // Cards of 120 × 70 at a 150 × 100 pitch, a link to the right and one below.
        var all: [Rect] = []
        for row in 0..<100 {
            for column in 0..<100 {
                let x = Double(column) * 150, y = Double(row) * 100
                all.append(Rect(x: x + 119.5, y: y + 34.5, width: 31, height: 1))
                all.append(Rect(x: x + 59.5, y: y + 69.5, width: 1, height: 31))
            }
        }
        all.append(Rect(x: 0, y: 0, width: 15000, height: 10000))  // one across the board
        let grid = LinkGrid(bounds: all)
        #expect(grid.count == all.count)
        #expect(grid.levels.count == 2)
        #expect(Double(grid.byteCount) / Double(all.count) < 17)
    }
}
