/// What a published update is computed from: when none of it changed
/// since the last publish, the answer is the same and is not computed
/// again (issue 20: an idle tick at a fitted zoom with level of detail
/// on re-ran the whole query).
struct PublishInputs: Equatable {
    var culling: Rect
    var visible: Rect
    var size: Size
    var zoom: ZoomTransform
    var detail: DetailSettings?
    var contentSize: Size
    var isMoving: Bool
    /// `CanvasEngine.contentGeneration`: any change of the frames or ids.
    var generation: UInt64
    var frames: Int
}

extension CanvasEngine {
    var publishInputs: PublishInputs {
        PublishInputs(culling: viewport.cullingRect, visible: viewport.visibleRect, size: viewport.size, zoom: zoom,
                      detail: detailSettings, contentSize: contentSize, isMoving: isMoving,
                      generation: contentGeneration, frames: resolvedCount)
    }
}
