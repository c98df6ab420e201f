/// The level-of-detail pyramid with the moves it has not taken yet.
///
/// A drag step of 1,000 cards moved them in every built level of the
/// pyramid, most of the step's work (issue 20), while the screen it was
/// for often read none of it: where every size class with items is wholly
/// large at the zoom, a level-of-detail query is the culling index's answer
/// (`DetailPyramid.answersFromFinder`), which follows the frames anyway.
/// So runs of moves that keep every size (translations: a drag, a nudge,
/// their undo) are kept here, one entry per moved position (its first
/// `from`, its last `to`), and the pyramid takes them all in one batched
/// update only when something is about to read it: a query that needs its
/// levels or member grids, any other edit (before the frames change), a
/// resize, or `builtDetail` read for any other reason. Every answer is the
/// one the pyramid would give with the moves applied at once.
struct DeferredDetail {
    var pyramid: DetailPyramid
    /// The moves not applied yet, one per position.
    private(set) var pending: [DetailPyramid.Move] = []
    /// Position → its entry in `pending`; built at the first move that is
    /// not where the last run put it (a drag moves the same cards in the
    /// same order every step, so its steps never need it).
    private var slots: [Int: Int]?
    /// The largest |x| and |y| of a pending move's target centre, for
    /// `answersFromFinder` (the pyramid's own centre box grows at the flush).
    private(set) var reachX = 0.0, reachY = 0.0

    /// Distinct positions kept at most; past it the moves are applied.
    static let limit = 1 << 16

    init(_ pyramid: DetailPyramid) {
        self.pyramid = pyramid
    }

    /// Whether `moves` may wait: the pyramid is counted, every move keeps
    /// its size (so no size class, count or side changes), and they fit.
    func accepts(_ moves: [DetailPyramid.Move]) -> Bool {
        pyramid.counted && pending.count + moves.count <= Self.limit
            && !moves.contains { $0.from.width != $0.to.width || $0.from.height != $0.to.height }
    }

    /// Keeps `moves` (applied to the frames already) for later.
    mutating func keep(_ moves: [DetailPyramid.Move]) {
        for (offset, move) in moves.enumerated() {
            let cx = move.to.x + move.to.width / 2, cy = move.to.y + move.to.height / 2
            reachX = Swift.max(reachX, abs(cx))
            reachY = Swift.max(reachY, abs(cy))
            if offset < pending.count && pending[offset].position == move.position {
                pending[offset].to = move.to
                continue
            }
            if slots == nil {
                var built = [Int: Int](minimumCapacity: pending.count + moves.count)
                for (slot, kept) in pending.enumerated() { built[kept.position] = slot }
                slots = built
            }
            if let slot = slots![move.position] {
                pending[slot].to = move.to
            } else {
                slots![move.position] = pending.count
                pending.append(move)
            }
        }
    }

    /// Applies what waits, and `moves` after it, in one batched update;
    /// `frames` hold every one of them.
    mutating func apply(adding moves: [DetailPyramid.Move] = [], frames: [Rect]) {
        if !moves.isEmpty { keep(moves) }
        guard !pending.isEmpty else { return }
        // A card dragged back where it started needs nothing.
        let real = pending.filter { $0.from != $0.to }
        pending = []
        slots = nil
        reachX = 0
        reachY = 0
        if !real.isEmpty { pyramid.update(moves: real, frames: frames) }
    }

    /// Whether a query at this zoom, minimum size and cell answers the same
    /// with the pending moves applied or not: see `answersFromFinder`.
    func answersWithoutPending(zoom: ZoomTransform, minSize: Double, cell: Double) -> Bool {
        pending.isEmpty || answersFromFinder(zoom: zoom, minSize: minSize, cell: cell)
    }

    /// Whether a query at this zoom, minimum size and cell answers from the
    /// culling index alone, with the pending moves applied (their targets
    /// inside the clamp too).
    func answersFromFinder(zoom: ZoomTransform, minSize: Double, cell: Double) -> Bool {
        let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
        let limit = 0x1p39  // as `DetailPyramid.finds(at:)`
        guard reachX / DetailPyramid.power(key.x) < limit, reachY / DetailPyramid.power(key.y) < limit else { return false }
        return pyramid.answersFromFinder(zoom: zoom, minSize: minSize, key: key)
    }
}

extension DetailPyramid {
    /// Whether `query` at this zoom and minimum size, given a finder,
    /// answers from the finder alone: counted, every class with items
    /// wholly large and the level's centres inside the clamp (`finds`), so
    /// it reads no level, merged grid or member grid, only the class
    /// counts and sides (which moves that keep sizes leave as they are).
    /// Must follow `query`'s own choice of the finder; the randomized
    /// deferred-drag tests compare both ways at zooms on either side.
    func answersFromFinder(zoom: ZoomTransform, minSize: Double, key: LevelKey) -> Bool {
        guard counted, finds(at: key) else { return false }
        return !kinds(zoom: zoom, minSize: minSize).contains { $0 == .small || $0 == .boundary }
    }
}

extension CanvasEngine {
    /// The pyramid with every move applied and every level holding every
    /// edit (what `builtDetail` reads: tests look at the levels themselves).
    func settledDetail() -> DetailPyramid? {
        settleDetail()
        guard detailStore != nil, !detailStore!.pyramid.journal.isEmpty else { return detailStore?.pyramid }
        var store = detailStore!
        detailStore = nil  // edited alone, not copied
        store.pyramid.settle(frames: detailFrames)
        detailStore = store
        return store.pyramid
    }

    /// Applies the waiting moves now: before an edit changes the frames
    /// any other way (an insert or a removal renumbers the positions). The
    /// pyramid records them for its levels to take when read.
    func settleDetail() {
        guard detailStore != nil, !detailStore!.pending.isEmpty else { return }
        var store = detailStore!
        detailStore = nil  // edited alone, not copied
        store.apply(frames: detailFrames)
        detailStore = store
    }
}
