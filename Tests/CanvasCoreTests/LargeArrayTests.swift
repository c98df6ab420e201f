@testable import CanvasCore
import Testing

// Arrays past the huge-page threshold hold exactly what they were written;
// the advice is only a hint about how the memory is mapped.

@Suite("Large arrays")
struct LargeArrayTests {
    @Test("Below and past the huge-page threshold, every element is what the body wrote", arguments: [0, 1, 1000, (LargeArray.hugePageThreshold / 8) + 12345])
    func contents(count: Int) {
        let values = [UInt64].large(count: count) { buffer in
            for index in buffer.indices { buffer.initializeElement(at: index, to: UInt64(index) &* 2_654_435_761) }
        }
        #expect(values.count == count)
        #expect(stride(from: 0, to: count, by: 7).allSatisfy { values[$0] == UInt64($0) &* 2_654_435_761 })
        #expect(count == 0 || values[count - 1] == UInt64(count - 1) &* 2_654_435_761)
    }

    @Test("Advice on a region that is not page-aligned, or too small, changes nothing it should not")
    func advice() {
        let bytes = LargeArray.hugePageThreshold + 3 * 4096 + 17
        let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 7, count: bytes)
        LargeArray.adviseHugePages(raw + 1, bytes: bytes - 1)
        LargeArray.adviseHugePages(raw, bytes: 100)
        LargeArray.adviseHugePages(nil, bytes: bytes)
        let view = raw.assumingMemoryBound(to: UInt8.self)
        // A byte in every page, and every byte of the first and last pages.
        let checked = Array(0..<4096) + Array(stride(from: 0, to: bytes, by: 4093)) + Array((bytes - 4096)..<bytes)
        #expect(checked.allSatisfy { view[$0] == 7 })
    }
}
