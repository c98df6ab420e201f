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
        // What a resolve keeps or makes per item: the size given, the size
        // laid out, the layout's frame and the resolved one, an id and its
        // position: about 100 bytes.
        try Check.allocatable(count, bytesEach: 128, limit: ItemList.maximumCount, "items")
        let idList = ids.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        var sizeList: [Size]? = []
        if count > 0 {
            if let sizes {
                sizeList = coreSizes(sizes, count: count)
            } else if handle.engine.sizing == .given {
                throw ABIFailure(CANVAS_ERR_NULL, "sizes is NULL (omit sizes only after canvas_set_item_size, canvas_set_estimated_item_size or canvas_set_measure)")
            } else {
                sizeList = nil
            }
        }
        try handle.notifyingZoom { () throws(CanvasError) in
            try handle.engine.setItems(try ItemList(count: count, sizes: sizeList, ids: idList))
        }
    }
}

@c(canvas_get_item_count)
public func canvasGetItemCount(_ engine: UnsafeRawPointer?) -> UInt {
    guard let engine else { return 0 }
    return UInt(EngineHandle.from(engine).engine.items.count)
}
