extension DetailPyramid {
    /// An item as the levels took it: its frame, order label and class id.
    struct Held: Hashable, Sendable {
        var frame: Rect
        var label: Int
        var id: Int
    }

    /// One item's change over a stretch of edits: how the levels held it
    /// before the first and after the last (nil: not at all).
    struct Change: Hashable, Sendable {
        var before: Held?
        var after: Held?
    }

    /// The changes recorded while the journal's epoch was `epoch`, one per
    /// item (its first `before`, its last `after`).
    struct Segment: Hashable, Sendable {
        var epoch: Int
        var changes: [Int: Change] = [:]
    }

    /// The edits the built levels have not taken yet (issue 20: an insert
    /// or a removal of 1,000 cards with every level built touched each of
    /// 18 levels' class grids and merged grid per card, 22–56 ms at a
    /// million mixed cards, while the screen read one level or none).
    ///
    /// The count, class counts and sides, centres, labels and member grids
    /// follow every edit at once; a level's class grids and its merged grid
    /// take the edits when something is about to read that level
    /// (`catchUp`). Each lagging level remembers the epoch of the first
    /// segment it has not taken; segments hold one change per item, so a
    /// drag that moves the same cards frame after frame keeps one entry per
    /// card, and a level catching up takes each item's net change once: out
    /// of its cell as the level held it, into its cell as it is now. Groups
    /// are exact summaries of the items in them (a removal that shaped one
    /// is recounted), so the state a level reaches is the one the edits
    /// applied one by one would have left.
    struct Journal: Hashable, Sendable {
        /// The epoch new changes go to.
        var epoch = 0
        /// Oldest first; epochs ascending, the last one possibly `epoch`'s.
        var segments: [Segment] = []
        /// Per lagging level: the epoch of the first segment it has not taken.
        /// A level not here holds every change recorded so far.
        var lag: [LevelKey: Int] = [:]

        var isEmpty: Bool { segments.isEmpty && lag.isEmpty }

        /// The changes held, counted once per segment.
        var entries: Int { segments.reduce(0) { $0 + $1.changes.count } }

        /// Marks the levels in `keys` that hold every change so far as
        /// lagging from now on: call before recording a batch. A level
        /// built (or caught up) after changes went into the open segment
        /// holds them already, so the segment is closed first and such a
        /// level lags from the next one.
        mutating func mark(_ keys: some Sequence<LevelKey>) {
            var opened = false
            for key in keys where lag[key] == nil {
                if !opened, let last = segments.last, last.epoch == epoch, !last.changes.isEmpty { epoch += 1 }
                opened = true
                lag[key] = epoch
            }
        }

        private mutating func openSegment() -> Int {
            if segments.last?.epoch != epoch { segments.append(Segment(epoch: epoch)) }
            return segments.count - 1
        }

        /// Records that the levels no longer hold `slot` (held as `held`).
        mutating func out(_ slot: Int, _ held: Held) {
            let last = openSegment()
            segments[last].changes[slot, default: Change(before: held, after: held)].after = nil
        }

        /// Records that the levels now hold `slot` as `held`.
        mutating func into(_ slot: Int, _ held: Held) {
            let last = openSegment()
            segments[last].changes[slot, default: Change(before: nil, after: nil)].after = held
        }

        /// The net change of each item over the segments from `epoch` on,
        /// items left as they were dropped.
        func net(since epoch: Int) -> [(slot: Int, change: Change)] {
            guard let first = segments.firstIndex(where: { $0.epoch >= epoch }) else { return [] }
            var result: [(slot: Int, change: Change)] = []
            if first == segments.count - 1 {
                result.reserveCapacity(segments[first].changes.count)
                for (slot, change) in segments[first].changes where change.before != change.after { result.append((slot, change)) }
                return result
            }
            var joined = segments[first].changes
            for segment in segments[(first + 1)...] {
                for (slot, change) in segment.changes {
                    joined[slot, default: Change(before: change.before, after: nil)].after = change.after
                }
            }
            result.reserveCapacity(joined.count)
            for (slot, change) in joined where change.before != change.after { result.append((slot, change)) }
            return result
        }

        /// Forgets levels that are gone, segments no level lags behind, and
        /// joins a segment no level starts at into the one before it.
        mutating func collect(exists: (LevelKey) -> Bool) {
            for key in Array(lag.keys) where !exists(key) { lag[key] = nil }
            guard let oldest = lag.values.min() else {
                segments = []
                return
            }
            let starts = Set(lag.values)
            var kept: [Segment] = []
            kept.reserveCapacity(segments.count)
            for segment in segments where segment.epoch >= oldest {
                if let last = kept.indices.last, !starts.contains(segment.epoch) {
                    for (slot, change) in segment.changes {
                        kept[last].changes[slot, default: Change(before: change.before, after: nil)].after = change.after
                    }
                } else {
                    kept.append(segment)
                }
            }
            segments = kept
        }
    }

    /// After a batch recorded: every level takes the journal now when the
    /// batch is large against the items (more than max(1,024, n / 64)) or
    /// the journal has grown past a quarter of them, as catching up would
    /// then cost each level about what taking it now does. The batch is
    /// recorded first either way, so that a level's recounts, which read
    /// the member grids and frames as they are after the edit, find the
    /// level holding the edit too.
    mutating func settleIfLarge(_ changes: Int, frames: [Rect]) {
        guard !journal.isEmpty else { return }
        let large = changes > Swift.max(1024, count >> 6) || journal.entries > Swift.max(4096, count >> 2)
        if large { frames.withUnsafeBufferPointer { settleJournal(frames: $0) } }
    }

    /// Forgets the levels that have not taken the journal, and the
    /// journal: a query builds what it needs again from the member grids
    /// and frames. For a relabel with edits waiting and no frames to take
    /// them with (a group summed in an older order cannot be given new
    /// labels by its first's slot alone); the engine never gets here.
    mutating func dropLaggingLevels() {
        for key in journal.lag.keys {
            levels[key] = nil
            merged[key] = nil
        }
        journal = Journal()
    }

    /// Marks every built level as lagging, before a batch is recorded.
    mutating func markLevels() {
        journal.mark(levels.keys)
        journal.mark(merged.keys)
    }

    /// Brings one level (its class grids and merged grid) up to every edit
    /// recorded: each item's net change out of and into its cells, the
    /// aggregates a removal shaped recounted (from the nearest finer level,
    /// caught up first, or the member grids), the merged cells likewise.
    /// - Complexity: the items changed since the level last took the
    ///   journal, a cell each in each of its class grids and merged grid.
    mutating func catchUp(_ key: LevelKey, frames: UnsafeBufferPointer<Rect>) {
        guard let since = journal.lag.removeValue(forKey: key) else { return }
        let changes = journal.net(since: since)
        // The keys alone: a copy of the dictionaries kept alive here would
        // make each grid edited below a copy of the whole grid.
        let built = Set(levels.keys).union(merged.keys)
        journal.collect { built.contains($0) }
        guard !changes.isEmpty else { return }
        let width = Self.power(key.x), height = Self.power(key.y)
        var stale: [(row: Int, column: Int, id: Int)] = []
        var staleMerged: [(key: LevelKey, row: Int, column: Int)] = []
        if let slot = levels.index(forKey: key) {
            let classes = levels.values[slot].count
            // Out first, then in, as a batch does (see `update(moves:frames:)`).
            for (_, change) in changes {
                guard let held = change.before, held.id < classes, levels.values[slot][held.id] != nil else { continue }
                let (row, column) = Self.cell(of: held.frame, width: width, height: height)
                levels.values[slot][held.id]!.update(row: row, column: column) { group in
                    if group.count <= 1 {
                        group = Group()
                    } else {
                        if group.isShaped(by: held.label, held.frame) { stale.append((row, column, held.id)) }
                        group.count -= 1
                    }
                }
            }
            for (_, change) in changes {
                guard let held = change.after, held.id < classes, levels.values[slot][held.id] != nil else { continue }
                let (row, column) = Self.cell(of: held.frame, width: width, height: height)
                levels.values[slot][held.id]!.update(row: row, column: column) { $0.add(held.label, held.frame) }
            }
        }
        if let slot = merged.index(forKey: key) {
            let classes = merged.values[slot].classes
            for (_, change) in changes {
                guard let held = change.before, held.id < classes.count, classes[held.id] else { continue }
                let (row, column) = Self.cell(of: held.frame, width: width, height: height)
                merged.values[slot].cells.update(row: row, column: column) { group in
                    if group.count <= 1 {
                        group = Group()
                    } else {
                        if group.isShaped(by: held.label, held.frame) { staleMerged.append((key, row, column)) }
                        group.count -= 1
                    }
                }
            }
            for (_, change) in changes {
                guard let held = change.after, held.id < classes.count, classes[held.id] else { continue }
                let (row, column) = Self.cell(of: held.frame, width: width, height: height)
                merged.values[slot].cells.update(row: row, column: column) { $0.add(held.label, held.frame) }
            }
        }
        if !stale.isEmpty {
            struct Entry: Hashable { var row: Int, column: Int, id: Int }
            var seen = Set<Entry>()
            ensureMembers(frames)
            for entry in stale where seen.insert(Entry(row: entry.row, column: entry.column, id: entry.id)).inserted {
                // The recount reads the finer level: it must hold the edits too.
                if let finer = nearestFiner(than: key, holding: entry.id) { catchUp(finer, frames: frames) }
                recount(key, row: entry.row, column: entry.column, entry.id, frames: frames)
            }
        }
        remerge(staleMerged)
    }

    /// Every lagging level brought up to the journal, finer ones first (a
    /// coarser one's recounts read them), and the journal emptied.
    mutating func settleJournal(frames: UnsafeBufferPointer<Rect>) {
        guard !journal.isEmpty else { return }
        for key in journal.lag.keys.sorted(by: { ($0.x + $0.y, $0.x) < ($1.x + $1.y, $1.x) }) {
            catchUp(key, frames: frames)
        }
        journal = Journal()
    }

    /// The pyramid with every level holding every edit (for tests and
    /// anything that reads the levels themselves rather than answers).
    public mutating func settle(frames: [Rect]) {
        frames.withUnsafeBufferPointer { settleJournal(frames: $0) }
    }
}
