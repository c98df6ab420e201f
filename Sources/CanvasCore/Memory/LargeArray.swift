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

extension Array {
    /// An array of exactly `count` elements that `body` initializes, every
    /// one, in memory that asks for huge pages when it is large.
    /// - Precondition: `body` initializes all `count` elements.
    static func large(
        count: Int,
        _ body: (UnsafeMutableBufferPointer<Element>) -> Void
    ) -> [Element] {
        [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            LargeArray.adviseHugePages(UnsafeMutableRawPointer(buffer.baseAddress), bytes: count * MemoryLayout<Element>.stride)
            body(buffer)
            initialized = count
        }
    }
}
