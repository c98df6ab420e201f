import CanvasCore
import CCanvasHeader

// Level of detail: checks and copies; the rules are CanvasCore's DetailPyramid.

@c(canvas_query_lod)
public func canvasQueryLOD(
    _ engine: UnsafeMutableRawPointer?, _ rect: canvas_rect, _ minSize: Double, _ cell: Double,
    _ items: UnsafeMutablePointer<canvas_visible_item>?, _ itemsCapacity: UInt, _ itemsCount: UnsafeMutablePointer<UInt>?,
    _ clusters: UnsafeMutablePointer<canvas_cluster>?, _ clustersCapacity: UInt, _ clustersCount: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let itemsCount = try Check.notNull(itemsCount, "items_count")
        let clustersCount = try Check.notNull(clustersCount, "clusters_count")
        let area = try Check.rect(rect, "rect")
        // A zero rect (width and height both 0) asks for the viewport.
        let viewport = area.width == 0 && area.height == 0
        let lod = try core { () throws(CanvasError) in
            try handle.engine.levelOfDetail(in: viewport ? nil : area, minSize: minSize, cell: cell)
        }
        itemsCount.pointee = UInt(lod.items.count)
        clustersCount.pointee = UInt(lod.clusters.count)
        guard items != nil || clusters != nil else { return }
        let itemsRoom = items == nil ? 0 : itemsCapacity
        let clustersRoom = clusters == nil ? 0 : clustersCapacity
        guard UInt(lod.items.count) <= itemsRoom, UInt(lod.clusters.count) <= clustersRoom else {
            throw ABIFailure(
                CANVAS_ERR_BUFFER_TOO_SMALL,
                "buffers hold \(itemsRoom) items and \(clustersRoom) clusters but \(lod.items.count) and \(lod.clusters.count) are needed"
            )
        }
        for (slot, item) in lod.items.enumerated() {
            items![slot] = canvas_visible_item(id: item.id, frame: canvas_rect(item.frame))
        }
        for (slot, cluster) in lod.clusters.enumerated() {
            clusters![slot] = canvas_cluster(bounds: canvas_rect(cluster.bounds), count: UInt64(cluster.count), id: cluster.id)
        }
    }
}

@c(canvas_set_lod)
public func canvasSetLOD(_ engine: UnsafeMutableRawPointer?, _ minSize: Double, _ cell: Double, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let update = try core { () throws(CanvasError) in
            try handle.engine.setLevelOfDetail(DetailSettings(minSize: minSize, cell: cell))
        }
        answer(publishedOut, update != nil)
    }
}

@c(canvas_clear_lod)
public func canvasClearLOD(_ engine: UnsafeMutableRawPointer?, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let update = try core { () throws(CanvasError) in try handle.engine.setLevelOfDetail(nil) }
        answer(publishedOut, update != nil)
    }
}

@c(canvas_copy_clusters)
public func canvasCopyClusters(
    _ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_cluster>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let countOut = try Check.notNull(countOut, "count_out")
        let clusters = handle.engine.published?.clusters ?? []
        try reportCount(clusters.count, of: "clusters", to: countOut, fitting: out == nil ? nil : capacity)
        guard let out else { return }
        for (slot, cluster) in clusters.enumerated() {
            out[slot] = canvas_cluster(bounds: canvas_rect(cluster.bounds), count: UInt64(cluster.count), id: cluster.id)
        }
    }
}

@c(canvas_copy_cluster_selection)
public func canvasCopyClusterSelection(
    _ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let countOut = try Check.notNull(countOut, "count_out")
        let clusters = handle.engine.publishedClusters
        try reportCount(clusters.count, of: "counts", to: countOut, fitting: out == nil ? nil : capacity)
        guard let out else { return }
        for (slot, cluster) in clusters.enumerated() { out[slot] = UInt64(cluster.selected) }
    }
}

@c(canvas_query_lod_selection)
public func canvasQueryLODSelection(
    _ engine: UnsafeMutableRawPointer?, _ rect: canvas_rect, _ minSize: Double, _ cell: Double,
    _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let countOut = try Check.notNull(countOut, "count_out")
        let area = try Check.rect(rect, "rect")
        let viewport = area.width == 0 && area.height == 0  // as canvas_query_lod
        let lod = try core { () throws(CanvasError) in
            try handle.engine.levelOfDetail(in: viewport ? nil : area, minSize: minSize, cell: cell)
        }
        try reportCount(lod.clusters.count, of: "counts", to: countOut, fitting: out == nil ? nil : capacity)
        guard let out else { return }
        for (slot, cluster) in lod.clusters.enumerated() { out[slot] = UInt64(cluster.selected) }
    }
}

@c(canvas_hit_test_detail)
public func canvasHitTestDetail(
    _ engine: UnsafeRawPointer?, _ point: canvas_point, _ kindOut: UnsafeMutablePointer<canvas_hit_kind>?,
    _ idOut: UnsafeMutablePointer<UInt64>?, _ clusterOut: UnsafeMutablePointer<canvas_cluster>?,
    _ selectedOut: UnsafeMutablePointer<UInt64>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let kindOut = try Check.notNull(kindOut, "kind_out")
        let idOut = try Check.notNull(idOut, "id_out")
        let clusterOut = try Check.notNull(clusterOut, "cluster_out")
        let selectedOut = try Check.notNull(selectedOut, "selected_out")
        switch handle.engine.hit(at: try Check.point(point, "point")) {
        case .item(let id)?:
            kindOut.pointee = canvas_hit_kind(CANVAS_HIT_ITEM)
            idOut.pointee = id
        case .cluster(let cluster)?:
            kindOut.pointee = canvas_hit_kind(CANVAS_HIT_CLUSTER)
            idOut.pointee = cluster.id
            clusterOut.pointee = canvas_cluster(bounds: canvas_rect(cluster.bounds), count: UInt64(cluster.count), id: cluster.id)
            selectedOut.pointee = UInt64(cluster.selected)
        case nil:
            kindOut.pointee = canvas_hit_kind(CANVAS_HIT_NONE)
        }
    }
}
