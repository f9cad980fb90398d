import BufferText
import CImageDecode
import Geometry
import Raster

/// A user's photo decoded for drawing (or for a face search): upright (EXIF orientation applied; a HEIC's own
/// rotation and mirroring), in sRGB (embedded profiles converted), premultiplied, and no larger
/// than the drawing needs (JPEG, WebP; PNG by whole boxes while twice that) or whole (HEIC).
public struct Photo: Sendable {
    public let image: Image
    public let format: PhotoFormat
    /// The full size the file declares, upright; `image` may be smaller (decoded reduced).
    public let sourceWidth: Int
    public let sourceHeight: Int
    /// The EXIF orientation that was applied, 1...8 (always 1 for HEIC, whose transforms
    /// libheif applies and whose EXIF orientation is not applied again).
    public let orientation: Int
    /// What became of the file's colour description (an ICC profile; a PNG's cHRM; a HEIC's nclx).
    public let profile: Profile

    public enum Profile: Sendable, Equatable {
        /// None, or sRGB's own: the values are sRGB.
        case none
        /// Converted to sRGB.
        case converted
        /// One lcms2 cannot use (unreadable, or for other pixels than the image's): the values
        /// are read as sRGB, as browsers read an image whose profile they cannot use.
        case ignored

        /// Why the colours may look off, for a warning naming the file; nil unless ignored.
        public var warning: String? {
            self == .ignored ? "its colour profile cannot be used (unreadable, or not for its pixels), so its colours are read as sRGB" : nil
        }
    }

    /// Decodes `data`. With a target size (in upright pixels), JPEG and WebP are decoded at
    /// the smallest reduction whose both sides are at least the target's (JPEG by DCT
    /// scaling, 1/8 steps), which is what an aspect-fill draw at that size needs; PNG is read
    /// row by row and reduced as it is read by the largest whole factor that keeps both sides
    /// at least twice the target's (each box its premultiplied mean; whole when there is none),
    /// its iCCP, sRGB, gAMA and cHRM chunks honoured pixel by pixel first; HEIC (libheif) is
    /// decoded whole (HEVC has no reduced decode), its ICC or nclx colour converted. Byte and pixel
    /// limits are checked before any pixel is allocated (a HEIC's from its `ispe`, and the
    /// pixels its streams are coded at, read from its boxes before libheif sees it: at most
    /// twice `maxPixels` and 1024 cells, `HEICStructure`).
    public init(data: [UInt8], targetWidth: Int = 0, targetHeight: Int = 0, limits: ImageLimits = .default) throws(PhotoError) {
        try self.init(data: data, targetWidth: targetWidth, targetHeight: targetHeight, mode: UInt32(SC_IMAGE_TARGET_COVER),
                      limits: limits)
    }

    /// Decodes `data` no smaller than a search over the whole picture at a bounded size needs
    /// (face detection): JPEG and WebP at the smallest reduction whose longer upright side is at
    /// least `longerSide` (the same steps as above: JPEG by DCT scaling, WebP by its decoder's
    /// scaling), PNG by whole boxes while its longer side stays at least twice `longerSide`, HEIC
    /// whole; 0 decodes whole. `inSourcePixels` maps what is found in `image` back to the whole
    /// photo.
    public init(data: [UInt8], longerSideAtLeast longerSide: Int, limits: ImageLimits = .default) throws(PhotoError) {
        try self.init(data: data, targetWidth: longerSide, targetHeight: longerSide, mode: UInt32(SC_IMAGE_TARGET_FIT),
                      limits: limits)
    }

    /// `rect`, in `image`'s pixels, in the whole upright photo's (`sourceWidth` × `sourceHeight`):
    /// each axis scaled by the whole size over the decoded size, so the decoded image's edges land
    /// on the photo's (a JPEG reduced by 1/8 whose side is not a multiple of 8 has a last column
    /// or row of fewer than 8 source pixels: a point is then off by less than one decoded pixel).
    /// The same rect when the photo was decoded whole.
    public func inSourcePixels(_ rect: Rect) -> Rect {
        let kx = Double(sourceWidth) / Double(image.width), ky = Double(sourceHeight) / Double(image.height)
        return Rect(x: rect.minX * kx, y: rect.minY * ky, width: rect.width * kx, height: rect.height * ky)
    }

    private init(data: [UInt8], targetWidth: Int, targetHeight: Int, mode: UInt32, limits: ImageLimits) throws(PhotoError) {
        guard data.count <= limits.maxFileBytes else {
            throw .tooLarge("the file is \(data.count) bytes, over the limit of \(limits.maxFileBytes)")
        }
        guard let format = PhotoFormat(sniffing: data) else {
            throw .unsupportedFormat(data.isEmpty ? "the file is empty" : "not a JPEG, PNG, WebP or HEIC file (unrecognised signature)")
        }
        self.format = format
        var request = sc_image_request(
            target_width: UInt32(clamping: max(0, targetWidth)), target_height: UInt32(clamping: max(0, targetHeight)),
            max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
            max_pixels: UInt64(clamping: limits.maxPixels), target_mode: mode, threads: 0)
        var result = sc_image_result()
        var message = [CChar](repeating: 0, count: 512)
        let decode = switch format {
        case .jpeg: sc_image_decode_jpeg
        case .webp: sc_image_decode_webp
        case .png: sc_image_decode_png
        case .heic: sc_image_decode_heic
        }
        let status = data.withUnsafeBufferPointer { bytes in
            decode(bytes.baseAddress, bytes.count, &request, &result, &message, message.count)
        }
        let text = message.stringBeforeNUL
        guard Int(status) == SC_IMAGE_OK, let pixels = result.pixels else {
            sc_image_free(result.pixels)
            switch Int(status) {
            case SC_IMAGE_TOO_LARGE, SC_IMAGE_NO_MEMORY: throw .tooLarge(text)
            case SC_IMAGE_UNSUPPORTED: throw .unsupportedFormat(text)
            default: throw .corrupt(text.isEmpty ? "unknown error" : text)
            }
        }
        let width = Int(result.width), height = Int(result.height)
        do {
            // The decoder's buffer becomes the image's: a copy of a 12 MP photo's reduced
            // decode was a 3 MB memcpy into memory touched for the first time.
            image = try Image(width: width, height: height, adoptingPremultipliedARGB: pixels) { sc_image_free($0) }
        } catch {
            sc_image_free(pixels)
            throw .corrupt("decoder returned \(width)×\(height) pixels")
        }
        sourceWidth = Int(result.source_width)
        sourceHeight = Int(result.source_height)
        orientation = Int(result.orientation)
        profile = switch Int(result.profile) {
        case SC_PROFILE_CONVERTED: .converted
        case SC_PROFILE_IGNORED: .ignored
        default: .none
        }
    }
}

extension Photo {
    /// Why photos could not be decoded in this process, or nil: lcms2, libexif and
    /// libwebpdemux are opened on the first photo that needs them, and this opens them now
    /// (for a server, which would rather not start than refuse every photo). The message names
    /// the library, the file tried and its Debian package.
    public static func decoderLibrariesProblem() -> String? {
        var message = [CChar](repeating: 0, count: 2048)
        guard Int(sc_image_decode_open_libraries(&message, message.count)) != SC_IMAGE_OK else { return nil }
        return message.stringBeforeNUL
    }
}
