import BufferText
import CFacesInterface
import CFacesLoader
import Geometry

/// The grouping of a search's windows into faces (`cv::groupRectangles`), by the plug-in's own
/// grouping or by OpenCV's: for the tests that check that the two keep the same boxes in the
/// same order (`sc_faces_group_rectangles`).
struct RectangleGrouping {
    enum Grouper { case plugIn, openCV }

    /// `boxes` (whole pixels) grouped as `cv::groupRectangles(boxes, groupThreshold, eps)`.
    static func group(_ boxes: [(x: Int32, y: Int32, width: Int32, height: Int32)], groupThreshold: Int32, eps: Double,
                      by grouper: Grouper) throws -> [Rect] {
        var message = [CChar](repeating: 0, count: 1024)
        guard let plugin = sc_faces_plugin_load(&message, message.count) else { throw FacesError.plugin(message.stringBeforeNUL) }
        let flat = boxes.flatMap { [$0.x, $0.y, $0.width, $0.height] }
        var out = [sc_face_rect](repeating: sc_face_rect(), count: boxes.count)
        var kept = 0
        let status = flat.withUnsafeBufferPointer { source in
            plugin.pointee.group_rectangles(source.baseAddress, boxes.count, groupThreshold, eps, grouper == .openCV ? 1 : 0,
                                            &out, out.count, &kept, &message, message.count)
        }
        guard status == 0 else { throw FacesError.detection(message.stringBeforeNUL) }
        return out.prefix(kept).map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }
}
