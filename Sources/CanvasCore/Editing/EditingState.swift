/// What a pointer does on the canvas.
public enum Tool: String, CaseIterable, Sendable {
    /// Pointer drags pan (the behaviour before tools existed).
    case pan
    /// Pointer downs select and drag items, or draw a marquee on empty space.
    case select
}

/// How a marquee picks items.
public enum MarqueeMode: String, CaseIterable, Sendable {
    /// Any overlap.
    case intersect
    /// Wholly inside.
    case contain
}

/// How a marquee's items combine with the selection.
public enum SelectionOp: String, CaseIterable, Sendable {
    case replace, add, toggle, subtract
}

/// A new item for `CanvasEngine.insert`: its id and its frame (on a flow
/// or grid canvas only the frame's size counts).
public struct NewItem: Hashable, Sendable {
    public var id: UInt64
    public var frame: Rect

    public init(id: UInt64, frame: Rect) {
        self.id = id
        self.frame = frame
    }
}

/// One change to the item list with an exact inverse: the unit edits,
/// batches and undo are made of.
enum Primitive: Hashable, Sendable {
    case insert(id: UInt64, position: Int, frame: Rect)
    case remove(id: UInt64, position: Int, frame: Rect)
    case setFrame(id: UInt64, from: Rect, to: Rect)
    /// Many items inserted or removed in one pass (see `PlacedItems`).
    case insertMany(PlacedItems)
    case removeMany(PlacedItems)
    /// Links inserted or removed (CanvasEngine+Links.swift).
    case insertLinks(PlacedLinks)
    case removeLinks(PlacedLinks)

    var inverse: Primitive {
        switch self {
        case .insertMany(let placed): .removeMany(placed)
        case .removeMany(let placed): .insertMany(placed)
        case .insert(let id, let position, let frame): .remove(id: id, position: position, frame: frame)
        case .remove(let id, let position, let frame): .insert(id: id, position: position, frame: frame)
        case .setFrame(let id, let from, let to): .setFrame(id: id, from: to, to: from)
        case .insertLinks(let placed): .removeLinks(placed)
        case .removeLinks(let placed): .insertLinks(placed)
        }
    }

    /// Whether the positions of other items shift.
    var reorders: Bool {
        if case .setFrame = self { return false }
        return true
    }
}

/// One undo step: what was done, in order, and the selection around it.
struct HistoryStep: Sendable {
    var done: [Primitive] = []
    var selectionBefore: Set<UInt64>
    var selectionAfter: Set<UInt64> = []
    /// The focus around it, when the step recorded it (the edits do): a
    /// removal clears the focus on the item it removes, and its undo gives
    /// it back, as the selection comes back.
    var focus: (before: UInt64?, after: UInt64?)?
    /// The selected links around it, when the step recorded them (edits do;
    /// a drag of the select tool leaves them alone).
    var linkSelection: (before: Set<UInt64>, after: Set<UInt64>)?
}

/// The bounded undo history: a new step clears the redo side; past
/// `limit` steps the oldest is forgotten.
struct History: Sendable {
    static let defaultLimit = 100
    var limit = History.defaultLimit
    /// The memory the undo side may keep (see HistoryBudget.swift).
    var byteLimit = History.defaultByteLimit
    var undoSteps: [HistoryStep] = []
    var redoSteps: [HistoryStep] = []

    mutating func push(_ step: HistoryStep) {
        guard !step.done.isEmpty else { return }
        undoSteps.append(step)
        if undoSteps.count > limit { undoSteps.removeFirst(undoSteps.count - limit) }
        trimToByteLimit()
        redoSteps.removeAll()
    }

    mutating func clear() {
        undoSteps.removeAll()
        redoSteps.removeAll()
    }
}

/// A press of the select tool, from pointer down to up.
struct SelectGesture: Sendable {
    enum Phase: Sendable {
        /// Down on an item, not yet past the drag threshold.
        case pressed
        /// Moving the selection.
        case moving
        /// Drawing a marquee.
        case marquee
        /// Down on a link (no item under the press): it selects, never drags.
        case linkPressed
    }

    var phase: Phase
    /// Where the press began and where it is, in zoomed content coordinates.
    var start: Point
    var current: Point
    var shift: Bool
    var hit: UInt64?
    var selectionBefore: Set<UInt64>
    /// The link a `.linkPressed` press landed on, and the selected links at the press.
    var link: UInt64?
    var linkSelectionBefore: Set<UInt64> = []
    /// The moving items' frames when the move began (unzoomed), in data order.
    var startFrames: [(id: UInt64, frame: Rect)] = []
    var startBounds: Rect = .zero
    /// Where the moving items' frames are kept (slots, as `startFrames`;
    /// a drag refuses edits, so they stay), and the same as bits, for
    /// leaving them out of the snap candidates.
    var startSlots: [Int] = []
    /// The selection version `startFrames` and `startSlots` were read at,
    /// when read at the press (nil: read when the move begins).
    var preparedVersion: UInt64?
    var moving = PositionBits()
    /// The guides of the last step, unzoomed.
    var guides: [Guide] = []
    var snapping = true
    /// The pointer in viewport coordinates and the time it was last seen
    /// (pointer events and ticks), for auto-pan.
    var pointer: Point = .zero
    var lastTime: Double?
}

/// The editing state of an engine, in one stored property so the engine's
/// declaration stays short.
struct EditingState: Sendable {
    /// True when the layout is `free`: items keep their own frames.
    var isFree = false
    /// Frames given with `setItemFrames`, waiting for the next resolve.
    var pendingFrames: [Rect]?
    var scrollExtent: ScrollExtent = .unbounded
    /// The in-place index of a resolved free canvas.
    var index: EditableIndex?
    /// True when an edit moved an item off the frames' union, so the union
    /// must be recomputed before it is handed out.
    var boundsStale = false

    var history = History()
    /// The step a batch (or a single edit) is recording.
    var openStep: HistoryStep?
    var batchDepth = 0

    /// How many updates have been published, for hosts that learn whether
    /// a call published by comparing it before and after (C edits).
    var publishCount: UInt64 = 0
    /// Grows with every write to the selection (`CanvasEngine.selected`), so
    /// a host rereads it only when this moved; kept here so a failed call's
    /// restore puts it back with the rest.
    /// Whether the select tool's marquee selects links too (`CanvasEngine.marqueeSelectsLinks`).
    var marqueeLinks = false
    var selectionVersion: UInt64 = 0

    var tool: Tool = .pan
    var snap = SnapSettings()
    var gesture: SelectGesture?
    var focused: UInt64?
    /// Space held: a primary press pans with the select tool.
    var spaceHeld = false
}
