import CanvasCore
import CCanvasHeader
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Argument checks shared by the exports. Each throws an `ABIFailure`
/// whose message names the argument, so the last error says what to fix.
enum Check {
    static func notNull<T>(_ pointer: T?, _ name: String) throws(ABIFailure) -> T {
        guard let pointer else { throw ABIFailure(CANVAS_ERR_NULL, "\(name) is NULL") }
        return pointer
    }

    static func finite(_ value: Double, _ name: String) throws(ABIFailure) -> Double {
        guard value.isFinite else { throw ABIFailure(CANVAS_ERR_NON_FINITE, "\(name) is not finite (\(value))") }
        return value
    }

    static func nonNegative(_ value: Double, _ name: String) throws(ABIFailure) -> Double {
        let value = try finite(value, name)
        guard value >= 0 else { throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "\(name) is negative (\(value))") }
        return value
    }

    static func unitPoint(_ point: canvas_point, _ name: String) throws(ABIFailure) -> UnitPoint {
        let unit = UnitPoint(x: try finite(point.x, "\(name).x"), y: try finite(point.y, "\(name).y"))
        guard unit.isInUnitSquare else {
            throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "\(name) (\(point.x), \(point.y)) is outside 0...1")
        }
        return unit
    }

    static func size(_ size: canvas_size, _ name: String) throws(ABIFailure) -> Size {
        Size(width: try nonNegative(size.width, "\(name).width"),
             height: try nonNegative(size.height, "\(name).height"))
    }

    static func point(_ point: canvas_point, _ name: String) throws(ABIFailure) -> Point {
        Point(x: try finite(point.x, "\(name).x"), y: try finite(point.y, "\(name).y"))
    }

    static func rect(_ rect: canvas_rect, _ name: String) throws(ABIFailure) -> Rect {
        Rect(x: try finite(rect.x, "\(name).x"), y: try finite(rect.y, "\(name).y"),
             width: try finite(rect.width, "\(name).width"), height: try finite(rect.height, "\(name).height"))
    }

    /// Refuses a count whose arrays cannot exist before Swift tries to make
    /// them: Swift ends the process when an allocation fails, so a count
    /// past `limit` is refused outright, and for a large one the memory is
    /// asked of the system first (malloc, then free: nothing is touched).
    static func allocatable(_ count: Int, bytesEach: Int, limit: Int, _ what: String) throws(ABIFailure) {
        guard count <= limit else {
            throw ABIFailure(CANVAS_ERR_NO_MEMORY, "\(count) \(what) is more than the \(limit) a canvas holds")
        }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: bytesEach)
        guard !overflow else { throw ABIFailure(CANVAS_ERR_NO_MEMORY, "\(count) \(what) need more memory than exists") }
        guard bytes > 64 << 20 else { return }
        guard let probe = malloc(bytes) else {
            throw ABIFailure(CANVAS_ERR_NO_MEMORY, "not enough memory for \(count) \(what) (about \(bytes >> 20) MiB)")
        }
        free(probe)
    }

    static func count(_ count: UInt, _ name: String) throws(ABIFailure) -> Int {
        // A count past Int.max cannot describe memory a caller really holds.
        guard count <= UInt(Int.max / MemoryLayout<canvas_rect>.stride) else {
            throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "\(name) \(count) is too large")
        }
        return Int(count)
    }
}

/// Stores a yes/no answer where the caller asked for one.
func answer(_ flag: UnsafeMutablePointer<CInt>?, _ value: Bool) {
    flag?.pointee = value ? 1 : 0
}
