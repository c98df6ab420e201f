/// The select tool's side of the motion layer's pointer events and ticks.
///
/// With `tool == .select` a pointer down, move, up or cancel goes to the
/// select tool instead of panning (each hook returns true when it took the
/// event), and every tick while a drag or a marquee is held auto-pans near a
/// viewport edge. Points are viewport coordinates, as the pointer events
/// take them; times are the host's milliseconds. Shift at the press adds or
/// toggles; ctrl or meta held at the press turns snapping off for that drag.
extension CanvasEngine {
    /// Pointer down with the select tool: a press on an item or on empty space.
    func selectToolDown(at point: Point, time: Double, modifiers: InputModifiers) -> Bool {
        guard editing.tool == .select else { return false }
        let content = Point(x: viewport.offset.x + point.x, y: viewport.offset.y + point.y)
        beginSelectGesture(at: content, shift: modifiers.contains(.shift))
        editing.gesture?.pointer = point
        editing.gesture?.lastTime = time
        editing.gesture?.snapping = !(modifiers.contains(.ctrl) || modifiers.contains(.meta))
        return true
    }

    /// Pointer move while the select tool holds a press.
    func selectToolMove(to point: Point, time: Double) throws(CanvasError) -> Bool {
        guard let gesture = editing.gesture else { return false }
        try checkPoint(point, "pointer")
        let clock = motion.clock
        try advanceClock(to: time, "pointer move time")
        editing.gesture?.pointer = point
        let content = Point(x: viewport.offset.x + point.x, y: viewport.offset.y + point.y)
        do {
            _ = try checkedSelectGesture(to: content, snapping: gesture.snapping)
        } catch {
            editing.gesture = gesture
            motion.clock = clock
            throw CanvasError(error.kind, "pointer (\(point.x), \(point.y)): \(error.message)")
        }
        return true
    }

    /// Pointer up: the press ends (a drag becomes one undo step).
    func selectToolUp(at point: Point, time: Double) throws(CanvasError) -> Bool {
        guard editing.gesture != nil else { return false }
        if point != editing.gesture?.pointer { _ = try selectToolMove(to: point, time: time) }
        try advanceClock(to: time, "pointer up time")
        endSelectGesture()
        return true
    }

    /// Pointer cancel: frames and selection go back.
    func selectToolCancel(at point: Point, time: Double) throws(CanvasError) -> Bool {
        guard editing.gesture != nil else { return false }
        try checkPoint(point, "pointer")
        try advanceClock(to: time, "pointer cancel time")
        cancelSelectGesture()
        return true
    }

    /// A tick: auto-pan while a drag or a marquee is held near an edge.
    func selectToolTick(at now: Double) {
        guard let gesture = editing.gesture, let last = gesture.lastTime else { return }
        editing.gesture?.lastTime = now
        autoPan(pointer: gesture.pointer, elapsed: now - last)
    }
}
