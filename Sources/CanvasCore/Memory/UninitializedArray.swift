extension Array {
    /// `init(unsafeUninitializedCapacity:initializingWith:)`, except that
    /// no capacity gives a plain empty array: the standard library's
    /// initializer then writes the count into the empty-array storage every
    /// array in the process shares, and engines on other threads reading an
    /// empty array race with that write (ThreadSanitizer caught it in
    /// `CanvasEngine.difference`). `body` still runs, with an empty buffer,
    /// so work it does for its caller is done either way.
    /// - Precondition: as the standard library's: `body` initializes the
    ///   first `initializedCount` elements, at most `capacity`.
    @inline(__always)
    package init(
        uninitializedCapacity capacity: Int,
        initializingWith body: (_ buffer: inout UnsafeMutableBufferPointer<Element>, _ initializedCount: inout Int) throws -> Void
    ) rethrows {
        guard capacity > 0 else {
            var buffer = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
            var count = 0
            try body(&buffer, &count)
            self = []
            return
        }
        try self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
    }
}
