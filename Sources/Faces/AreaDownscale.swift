import BufferText
import CFacesInterface
import CFacesLoader

/// The area resampling that makes the detector's grey working copy (and the split pyramid's
/// half-size copy), by the plug-in's resampler or by OpenCV's `cv::resize(INTER_AREA)`: for the
/// tests that check that the two make the same bytes (`sc_faces_area_downscale`).
struct AreaDownscale {
    enum Resampler { case plugIn, openCV }

    /// `pixels` (`width` × `height` grey bytes, rows `strideBytes` apart) shrunk to
    /// `outWidth` × `outHeight`, rows packed.
    static func grey(_ pixels: [UInt8], width: Int, height: Int, strideBytes: Int? = nil, outWidth: Int, outHeight: Int,
                     by resampler: Resampler) throws -> [UInt8] {
        var message = [CChar](repeating: 0, count: 512)
        guard let plugin = sc_faces_plugin_load(&message, message.count) else { throw FacesError.plugin(message.stringBeforeNUL) }
        var out = [UInt8](repeating: 0, count: max(outWidth, 0) * max(outHeight, 0))
        let status = pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                plugin.pointee.area_downscale(source.baseAddress, source.count, Int32(width), Int32(height), strideBytes ?? width,
                                              Int32(outWidth), Int32(outHeight), resampler == .openCV ? 1 : 0,
                                              target.baseAddress, target.count, &message, message.count)
            }
        }
        guard status == 0 else { throw FacesError.detection(message.stringBeforeNUL) }
        return out
    }
}
