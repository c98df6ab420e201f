#if os(Linux) && canImport(Glibc)
import Glibc
#endif

/// Arrays of millions of elements, written once front to back.
///
/// A fresh array of 320 MB (ten million frames) is memory the kernel has
/// never mapped: writing it takes a page fault every 4 KB, 78,000 faults,
/// which measured 90 ms of a 210 ms resolve at ten million items on this
/// machine. Asking for transparent huge pages before the first write
/// (`madvise(MADV_HUGEPAGE)`, honoured in the kernel's default `madvise`
/// mode) makes that one fault every 2 MB. Only arrays from
/// `hugePageThreshold` ask. Elsewhere than Linux this is a plain array.
enum LargeArray {
    /// Arrays from this many bytes ask for huge pages: 32 MiB, glibc's
    /// largest mmap threshold, so such an array is always a mapping of its
    /// own that goes back to the kernel when freed; the advice never lands
    /// on the allocator's heap, which smaller arrays come from (already
    /// mapped, and reused).
    static let hugePageThreshold = 32 << 20

    /// Advises huge pages for the whole pages inside `bytes` bytes from
    /// `start`; a hint, so a refusal changes nothing.
    static func adviseHugePages(_ start: UnsafeMutableRawPointer?, bytes: Int) {
        #if os(Linux) && canImport(Glibc)
        guard let start, bytes >= hugePageThreshold else { return }
        let page: UInt = 4096
        let begin = (UInt(bitPattern: start) + page - 1) & ~(page - 1)
        let end = (UInt(bitPattern: start) + UInt(bytes)) & ~(page - 1)
        guard end > begin, let aligned = UnsafeMutableRawPointer(bitPattern: begin) else { return }
        _ = madvise(aligned, Int(end - begin), MADV_HUGEPAGE)
        #endif
    }
}

extension LargeArray {
    /// Scratch from this many bytes is a mapping of its own that asks for
    /// huge pages: 4 MiB, two huge pages.
    static let scratchMappingThreshold = 4 << 20

    /// `bytes` of uninitialized scratch, aligned to the cache line, for
    /// reads and writes all over it (a walk over a million node records):
    /// on Linux, from `scratchMappingThreshold`, a mapping of its own with
    /// huge pages advised, so random accesses keep to a few TLB entries and
    /// its first writes fault every 2 MB (`mapped`); where the mapping is
    /// refused, an ordinary allocation (never a trap of its own). Give it
    /// back with `deallocateScratch(_:bytes:mapped:)` and the same values.
    static func allocateScratch(bytes: Int) -> (pointer: UnsafeMutableRawPointer, mapped: Bool) {
        #if os(Linux) && canImport(Glibc)
        if bytes >= scratchMappingThreshold {
            let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            if let mapped, mapped != MAP_FAILED {
                _ = madvise(mapped, bytes, MADV_HUGEPAGE)
                return (mapped, true)
            }
        }
        #endif
        return (UnsafeMutableRawPointer.allocate(byteCount: Swift.max(bytes, 1), alignment: 64), false)
    }

    /// Gives back scratch from `allocateScratch(bytes:)`.
    static func deallocateScratch(_ scratch: UnsafeMutableRawPointer, bytes: Int, mapped: Bool) {
        #if os(Linux) && canImport(Glibc)
        if mapped {
            _ = munmap(scratch, bytes)
            return
        }
        #endif
        scratch.deallocate()
    }
}

extension Array {
    /// An array of exactly `count` elements that `body` initializes, every
    /// one, in memory that asks for huge pages when it is large. `room`:
    /// the capacity, when more than `count` (see `roomToGrow`).
    /// - Precondition: `body` initializes all `count` elements (its buffer
    ///   holds `count`, whatever the room).
    static func large(
        count: Int, room: Int = 0,
        _ body: (UnsafeMutableBufferPointer<Element>) -> Void
    ) -> [Element] {
        let capacity = Swift.max(count, room)
        return [Element](uninitializedCapacity: capacity) { buffer, initialized in
            LargeArray.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress), bytes: capacity * MemoryLayout<Element>.stride)
            body(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            initialized = count
        }
    }

    /// The capacity an array of one element per item is made with: half as
    /// many again. Memory not yet written costs no resident memory (the
    /// kernel maps a page when it is first written), and without it the
    /// first insert of new items into a list made at its exact size copied
    /// every per-item array into a fresh one (issue 20: 167 ms, most of it
    /// page faults, for 1,000 cards pasted into a million).
    static func roomToGrow(_ count: Int) -> Int { count + count / 2 }

    /// A copy of `array` with `roomToGrow` capacity.
    static func withRoom(_ array: [Element]) -> [Element] {
        large(count: array.count, room: roomToGrow(array.count)) { _ = $0.initialize(from: array) }
    }

    /// Appends `extra` copies of `value`; when the capacity runs out, the
    /// elements move once into `roomToGrow` of the new count, in memory
    /// that asks for huge pages when it is large (a doubling's copy of a
    /// large array was a page fault every 4 KB of it).
    mutating func appendGrowing(repeating value: Element, count extra: Int) {
        guard extra > 0 else { return }
        let needed = count + extra
        if needed > capacity {
            let old = self
            self = []  // the old buffer is `old`'s alone while it is copied
            self = Self.large(count: old.count, room: Self.roomToGrow(needed)) { _ = $0.initialize(from: old) }
        }
        append(contentsOf: repeatElement(value, count: extra))
    }
}
