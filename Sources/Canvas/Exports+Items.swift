import CanvasCore
import CCanvasHeader

@c(canvas_set_items)
public func canvasSetItems(
    _ engine: UnsafeMutableRawPointer?,
    _ sizes: UnsafePointer<canvas_size>?,
    _ ids: UnsafePointer<UInt64>?,
    _ count: UInt
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let count = try Check.count(count, "count")
        let sizeList = count == 0 ? [] : coreSizes(try Check.notNull(sizes, "sizes"), count: count)
        let idList = ids.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        try core { () throws(CanvasError) in try handle.engine.setItems(sizes: sizeList, ids: idList) }
    }
}

@c(canvas_get_item_count)
public func canvasGetItemCount(_ engine: UnsafeRawPointer?) -> UInt {
    guard let engine else { return 0 }
    return UInt(EngineHandle.from(engine).engine.items.count)
}
