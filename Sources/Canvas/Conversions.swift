import CanvasCore
import CCanvasHeader

// The C structs and the core's value types have the same layout (flat
// doubles in the same order), so arrays cross by rebinding memory rather
// than by converting element by element.

extension Size {
    init(_ size: canvas_size) { self.init(width: size.width, height: size.height) }
}

extension canvas_size {
    init(_ size: Size) { self.init(width: size.width, height: size.height) }
}

extension canvas_rect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension Rect {
    init(_ rect: canvas_rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension canvas_point {
    init(_ point: Point) { self.init(x: point.x, y: point.y) }
}

extension Point {
    init(_ point: canvas_point) { self.init(x: point.x, y: point.y) }
}

/// Reads `count` C sizes as core sizes.
func coreSizes(_ sizes: UnsafePointer<canvas_size>, count: Int) -> [Size] {
    UnsafeBufferPointer(start: sizes, count: count).withMemoryRebound(to: Size.self) { Array($0) }
}

/// Copies core values out to a caller's buffer following the size-query
/// convention: always report the count; write only when `out` has room.
func copyOut<Element, Target>(
    _ values: [Element],
    as target: Target.Type,
    to out: UnsafeMutablePointer<Target>?,
    capacity: UInt,
    countOut: UnsafeMutablePointer<UInt>?,
    what: String
) throws(ABIFailure) {
    precondition(MemoryLayout<Element>.stride == MemoryLayout<Target>.stride)
    let countOut = try Check.notNull(countOut, "count_out")
    countOut.pointee = UInt(values.count)
    guard let out else { return }
    guard capacity >= UInt(values.count) else {
        throw ABIFailure(
            CANVAS_ERR_BUFFER_TOO_SMALL,
            "buffer holds \(capacity) \(what) but \(values.count) are needed"
        )
    }
    values.withUnsafeBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(out).copyMemory(from: base, byteCount: bytes.count)
    }
}
