import Testing
@testable import CanvasCore

/// The link table's columns and id map against a plain array of links,
/// over random inserts and removals with counting, close and scattered ids.
@Suite("Link table")
struct LinkTableTests {
    func check(_ table: LinkTable, _ model: [Link], _ absent: [UInt64]) {
        #expect(table.links == model)
        for (position, link) in model.enumerated() { #expect(table.position(of: link.id) == position) }
        for id in absent where !model.contains(where: { $0.id == id }) { #expect(table.position(of: id) == nil) }
    }

    @Test("positions, links and edits match a plain array, whatever the ids")
    func againstArray() throws {
        let styles: [LinkStyle] = [.straight, .step, .curve]
        let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]
        for seed in UInt64(1)...6 {
            var rng = SplitMix64(seed: seed)
            func link(_ id: UInt64) -> Link {
                Link(id: id, source: .random(in: 0...UInt64.max, using: &rng), target: .random(in: 1...9, using: &rng),
                     style: styles.randomElement(using: &rng)!, sourceSide: sides.randomElement(using: &rng)!,
                     targetSide: sides.randomElement(using: &rng)!)
            }
            // Seeds 1–2 count up, 3–4 are close with holes, 5–6 scattered (near the top of the range too).
            let start: UInt64 = seed % 2 == 0 ? UInt64.max - 300 : 7
            var model: [Link] = (0..<200).map { i in
                switch seed {
                case 1, 2: link(start &+ UInt64(i) - (seed == 2 ? 0 : 0))
                case 3, 4: link(start &- 500 &+ UInt64(i) * 2)
                default: link(.random(in: 0...UInt64.max, using: &rng))
                }
            }
            if seed == 2 { model = (0..<200).map { link(UInt64.max - 199 + UInt64($0)) } }
            var table = try LinkTable(model)
            let probes: [UInt64] = [0, 1, 6, 7, 8, UInt64.max, UInt64.max - 1, start &+ 200, start &- 1]
            check(table, model, probes)
            for _ in 0..<40 {
                if Bool.random(using: &rng), !model.isEmpty {
                    let positions = Array(Set((0..<Int.random(in: 1...5, using: &rng)).map { _ in Int.random(in: 0..<model.count, using: &rng) })).sorted()
                    let placed = table.placed(at: positions)
                    #expect(placed.links == positions.map { model[$0] })
                    table.remove(placed)
                    for p in positions.reversed() { model.remove(at: p) }
                } else {
                    let count = Int.random(in: 1...4, using: &rng)
                    var fresh: [Link] = []
                    while fresh.count < count {
                        let id = Bool.random(using: &rng) ? (model.last?.id ?? 0) &+ UInt64(fresh.count + 1) : .random(in: 0...UInt64.max, using: &rng)
                        if !model.contains(where: { $0.id == id }) && !fresh.contains(where: { $0.id == id }) { fresh.append(link(id)) }
                    }
                    var positions = Set<Int>()
                    while positions.count < count { positions.insert(Int.random(in: 0...(model.count + count - 1), using: &rng)) }
                    let sorted = positions.sorted()
                    table.insert(PlacedLinks(positions: sorted, links: fresh))
                    for (p, l) in zip(sorted, fresh) { model.insert(l, at: p) }
                }
                check(table, model, probes)
            }
            #expect(throws: CanvasError.self) { try LinkTable(model + [model[0]]) }
        }
    }

    @Test("counting ids need no map; close ids a slot each")
    func compactMaps() throws {
        let counting = try LinkTable((1...1000).map { Link(id: UInt64($0), source: 1, target: 2) })
        #expect(counting.byteCount <= 1000 * 25 + 64)
        let close = try LinkTable((1...1000).map { Link(id: UInt64($0) * 2, source: 1, target: 2) })
        #expect(close.byteCount <= 1000 * 25 + 2000 * 4 + 512)
        #expect(close.position(of: 3) == nil && close.position(of: 4) == 1)
        #expect(throws: CanvasError.self) { try LinkTable([Link(id: 5, source: 1, target: 2), Link(id: 6, source: 1, target: 2), Link(id: 5, source: 2, target: 1)]) }
        // Counting ids are implied by their positions and 32-bit ends take 4 bytes: 9 bytes a link.
        #expect(counting.byteCount <= 1000 * 9 + 64)
        #expect(close.byteCount <= 1000 * 13 + 2000 * 4 + 512)
    }

    @Test("32-bit columns widen when a wide id arrives, and counting ids come back after an edit")
    func narrowColumns() throws {
        var rng = SplitMix64(seed: 24)
        var model: [Link] = (1...300).map { Link(id: UInt64($0), source: .random(in: 1...1000, using: &rng), target: .random(in: 1...1000, using: &rng)) }
        var table = try LinkTable(model)
        check(table, model, [0, 301, UInt64.max])
        // A wide source, then a wide target, then a wide id: each column widens on its own.
        let wide: [Link] = [Link(id: 301, source: UInt64(UInt32.max) + 1, target: 5),
                            Link(id: 302, source: 6, target: UInt64.max),
                            Link(id: UInt64(UInt32.max) + 7, source: 7, target: 8)]
        for (step, link) in wide.enumerated() {
            let at = [0, model.count / 2, model.count][step]
            table.insert(PlacedLinks(positions: [at], links: [link]))
            model.insert(link, at: at)
            check(table, model, [0, 303, UInt64(UInt32.max) + 6])
        }
        // Removing the links that broke the counting brings the implied ids back.
        let breaking = model.indices.filter { model[$0].id > 300 }
        table.remove(table.placed(at: breaking))
        for p in breaking.reversed() { model.remove(at: p) }
        check(table, model, [0, 301, 302, UInt64.max])
        #expect(model.map(\.id) == Array(1...300))
    }
}
