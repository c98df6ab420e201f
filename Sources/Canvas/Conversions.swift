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
/// Contiguous values are copied in one move; others (the implicit ids 1…n,
/// a lazily mapped query) are written one by one, with no array in between.
func copyOut<Values: Collection, Target>(
    _ values: Values,
    as target: Target.Type,
    to out: UnsafeMutablePointer<Target>?,
    capacity: UInt,
    countOut: UnsafeMutablePointer<UInt>?,
    what: String
) throws(ABIFailure) {
    precondition(MemoryLayout<Values.Element>.stride == MemoryLayout<Target>.stride)
    let countOut = try Check.notNull(countOut, "count_out")
    let count = values.count
    try reportCount(count, of: what, to: countOut, fitting: out == nil ? nil : capacity)
    guard let out else { return }
    let destination = UnsafeMutableRawPointer(out)
    let copied: Void? = values.withContiguousStorageIfAvailable { buffer in
        guard let base = buffer.baseAddress else { return }
        destination.copyMemory(from: base, byteCount: buffer.count * MemoryLayout<Values.Element>.stride)
    }
    guard copied == nil else { return }
    for (offset, value) in values.enumerated() {
        destination.storeBytes(of: value, toByteOffset: offset * MemoryLayout<Values.Element>.stride, as: Values.Element.self)
    }
}

/// Stores `count` in `countOut`, then refuses a buffer of `capacity` (nil
/// when the caller passed none, asking only the count) too small for it.
func reportCount(_ count: Int, of what: String, to countOut: UnsafeMutablePointer<UInt>, fitting capacity: UInt?) throws(ABIFailure) {
    countOut.pointee = UInt(count)
    if let capacity, capacity < UInt(count) {
        throw ABIFailure(CANVAS_ERR_BUFFER_TOO_SMALL, "buffer holds \(capacity) \(what) but \(count) are needed")
    }
}
