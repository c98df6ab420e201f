/// The publish after an insert or a removal on a free canvas, from the
/// published list rather than a new query (issue 20: at a million cards
/// the query and the ids of a screenful were most of a one-card removal,
/// which touches at most that card on screen).
///
/// The published list stands in the order before the edit; the edit's
/// positions say where every published item stands after it (a removal
/// shifts the ones behind it down, an insert up), and the inserted items
/// join it when they meet the culling rectangle (`meets`, the rule
/// `publishAfterMoves` applies too). So the new list, its ids and its diff cost
/// the published list's length and the edit's, with no query, no lookup
/// of ids and no hashing.
struct EditedVisible {
    var positions: [Int]
    var visible: [UInt64]
    var appeared: [UInt64]
    var disappeared: [UInt64]
}

extension CanvasEngine {
    /// The visible list after `primitives` (one step's, just applied), when
    /// they are one insert or removal of items (with any link edits) and
    /// the published list stood for the engine before them (`wasCurrent`);
    /// nil when a full publish is needed.
    func editedVisible(after primitives: [Primitive], wasCurrent: Bool) -> EditedVisible? {
        guard wasCurrent, editing.isFree, editing.index != nil,
              let last = published, let before = publishedPositions, before.count == last.visible.count,
              last.clusters.isEmpty, detailIsCulling(),
              !viewport.size.isZeroArea, last.rect == viewport.visibleRect, last.contentSize == contentSize,
              last.isMoving == isMoving else { return nil }
        var edit: Primitive?
        for primitive in primitives {
            switch primitive {
            case .insertLinks, .removeLinks: continue
            default:
                guard edit == nil else { return nil }  // more than one: the full publish
                edit = primitive
            }
        }
        switch edit {
        case .remove(_, let position, _): return removing([position], from: last.visible, at: before)
        case .removeMany(let placed): return removing(placed.positions, from: last.visible, at: before)
        case .insert(let id, let position, let frame): return inserting([position], [id], [frame], into: last.visible, at: before)
        case .insertMany(let placed): return inserting(placed.positions, placed.ids, placed.frames, into: last.visible, at: before)
        default: return nil
        }
    }

    /// Whether the visible list is the culling query's answer: level of
    /// detail off, or on at a zoom where its answer comes from the culling
    /// index alone, every size class with items wholly large
    /// (`DetailPyramid.answersFromFinder`; judged after the edit, which has
    /// updated the classes' counts and sides). At zoom 1 on a whiteboard,
    /// the usual place for edits, it is (issue 20: a one-card removal with
    /// level of detail on re-ran the level-of-detail query over the screen).
    func detailIsCulling() -> Bool {
        guard let settings = detailSettings else { return true }
        return detailStore?.answersFromFinder(zoom: zoom, minSize: settings.minSize, cell: settings.cell) ?? false
    }

    /// After removing the items at `removed` (ascending, positions before
    /// the removal) from a list `visible` at `before` (ascending).
    private func removing(_ removed: [Int], from visible: [UInt64], at before: [Int]) -> EditedVisible {
        var edited = EditedVisible(positions: [], visible: [], appeared: [], disappeared: [])
        edited.positions.reserveCapacity(before.count)
        edited.visible.reserveCapacity(before.count)
        var below = 0  // removed positions below the current one
        for (index, position) in before.enumerated() {
            while below < removed.count && removed[below] < position { below += 1 }
            if below < removed.count && removed[below] == position {
                edited.disappeared.append(visible[index])
            } else {
                edited.positions.append(position - below)
                edited.visible.append(visible[index])
            }
        }
        return edited
    }

    /// After inserting `ids` with `frames` at `inserted` (ascending,
    /// positions after the insert) into a list `visible` at `before`
    /// (ascending, positions before it).
    private func inserting(_ inserted: [Int], _ ids: [UInt64], _ frames: [Rect],
                           into visible: [UInt64], at before: [Int]) -> EditedVisible {
        var edited = EditedVisible(positions: [], visible: [], appeared: [], disappeared: [])
        edited.positions.reserveCapacity(before.count + inserted.count)
        edited.visible.reserveCapacity(before.count + inserted.count)
        let culling = viewport.cullingRect, zoom = self.zoom
        var next = 0  // inserted items placed so far
        func placeInserted(upTo limit: Int?) {
            // An inserted item stands before an old one at `position` when
            // its position is at most where that one lands, position + next.
            while next < inserted.count, limit.map({ inserted[next] <= $0 + next }) ?? true {
                if Self.meets(frames[next], culling, zoom) {
                    edited.positions.append(inserted[next])
                    edited.visible.append(ids[next])
                    edited.appeared.append(ids[next])
                }
                next += 1
            }
        }
        for (index, position) in before.enumerated() {
            placeInserted(upTo: position)
            edited.positions.append(position + next)
            edited.visible.append(visible[index])
        }
        placeInserted(upTo: nil)
        return edited
    }
}
