import BufferText
import CFacesInterface
import CFacesLoader
import Geometry
import Raster

/// One search of one cascade on a detector's working copy of an image, as OpenCV's
/// `detectMultiScale` returns its boxes, evaluated by the plug-in's evaluator or by OpenCV's:
/// for the tests that check that the two agree window for window (`sc_faces_cascade_search`).
struct CascadeSearch {
    enum Evaluator: Int32 {
        /// The plug-in's, eight windows at a time: built for AVX-512VL where the processor has
        /// it, else for AVX2 (one at a time without AVX2).
        case eightAtATime = 0
        case oneAtATime = 1
        case openCV = 2
        /// The plug-in's, eight windows at a time, built for AVX2 even where AVX-512VL is there.
        case eightAtATimeAVX2 = 3
    }

    var evaluator: Evaluator
    var workingSidePixels: Int
    /// Searches the working copy's mirror image.
    var mirrored = false
    /// Searches a half-size copy (of the mirror image when `mirrored`): the split pyramid's second search.
    var half = false
    var scaleFactor: Double
    var minNeighbors = 0
    var minSidePixels: Int
    /// 0: no limit.
    var maxSidePixels = 0

    /// The boxes found with the cascade file at `cascadePath`, in the searched copy's pixels,
    /// sorted by y, x, width, height.
    func boxes(in image: Image, cascadePath: String) throws -> [Rect] {
        var message = [CChar](repeating: 0, count: 512)
        guard let plugin = sc_faces_plugin_load(&message, message.count) else { throw FacesError.plugin(message.stringBeforeNUL) }
        var options = sc_faces_search_options(evaluator: evaluator.rawValue, working_side_px: Int32(workingSidePixels),
                                              mirrored: mirrored ? 1 : 0, half: half ? 1 : 0, scale_factor: scaleFactor,
                                              min_neighbors: Int32(minNeighbors), min_side_px: Int32(minSidePixels),
                                              max_side_px: Int32(maxSidePixels))
        var capacity = 256
        while true {
            var rects = [sc_face_rect](repeating: sc_face_rect(), count: capacity)
            var count = 0
            let status = image.withUnsafePremultipliedARGB { words in
                words.withMemoryRebound(to: UInt8.self) { bytes in
                    plugin.pointee.cascade_search(cascadePath, bytes.baseAddress, bytes.count, Int32(image.width), Int32(image.height),
                                                  image.width * 4, &options, &rects, rects.count, &count, &message, message.count)
                }
            }
            guard status == 0 else { throw FacesError.detection(message.stringBeforeNUL) }
            if count > capacity { capacity = count; continue }
            return rects.prefix(count).map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        }
    }
}
