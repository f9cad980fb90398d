import Faces
import Geometry
import Photos
import Raster

/// The event's own photo, decoded for one card: drawn by the template's images whose source
/// is the event's photo (`"src": {"from": "eventPhoto"}`), with their frame, content mode,
/// corners and filters.
public struct EventPhoto: Sendable {
    public let photo: Photo
    /// SHA-256 of the file's bytes, part of the card's key.
    public let digest: String
    /// The faces in the decoded photo, in its pixels (none when the detector's cascades are
    /// missing or it fails): an aspect-filled photo is cropped to keep them. Without the
    /// detector's plug-in the photo is refused (`faceDetectorUnavailable`): an install fault,
    /// not a photo without faces.
    public let faces: [Rect]
    /// The file's bytes and the limits they were decoded under, so the photo can be decoded
    /// again for another canvas (`fitted(for:size:scale:)`).
    private let data: [UInt8]
    /// The 32 bytes `digest` spells, kept for decoding the same bytes again.
    private let sha256: [UInt8]
    private let limits: ImageLimits
    /// Where faces found before are looked up (by the bytes' digest and the decoded size), and
    /// those found here kept; nil detects every time.
    private let faceCache: FaceCache?

    /// Decodes `data` at the card's canvas size (`size` points, the template's own when nil)
    /// at `scale`, so a large JPEG is DCT-scaled straight to (at least) the size any frame on
    /// the canvas can need. A template that shows no photo is an error: the photo would
    /// silently not appear. `sha256` is `ContentHash.sha256(data)` when the caller has it
    /// already (a batch names the card by it before deciding to decode), computed otherwise.
    public init(data: [UInt8], template: Template, size: Size? = nil, scale: Int,
                limits: ImageLimits = .photo, faceCache: FaceCache? = nil, sha256: [UInt8]? = nil) throws(PhotoInputError) {
        guard template.scene.showsEventPhoto else { throw PhotoInputError.templateShowsNoPhoto(template.name) }
        try self.init(data: data, canvas: size ?? template.size, scale: Double(scale), limits: limits, faceCache: faceCache,
                      sha256: sha256)
    }

    /// Decodes `data` for a canvas of `canvas` points at `scale` device pixels per point, for a
    /// scene that shows the event's photo (`sharecard draw --photo`; the caller checks that it
    /// does).
    public init(data: [UInt8], canvas: Size, scale: Double, limits: ImageLimits = .photo,
                faceCache: FaceCache? = nil, sha256: [UInt8]? = nil) throws(PhotoInputError) {
        do {
            photo = try Photo(data: data, targetWidth: Int((canvas.width * scale).rounded(.up)),
                              targetHeight: Int((canvas.height * scale).rounded(.up)), limits: limits)
        } catch { throw PhotoInputError.photo(error) }
        let sha256 = sha256 ?? ContentHash.sha256(data)
        self.sha256 = sha256
        digest = ContentHash.hex(digest: sha256)
        self.data = data
        self.limits = limits
        self.faceCache = faceCache
        switch EventPhoto.detector {
        case .success(let detector):
            let image = photo.image
            let found: [Face]?
            if let faceCache, let key = PhotoDigest(sha256: sha256) {
                found = try? faceCache.faces(inPhoto: key, decoded: image, detector: detector)
            } else {
                found = try? detector.faces(in: image)
            }
            faces = found?.map(\.bounds) ?? []
        case .failure(let error) where error.isMissingPlugin: throw PhotoInputError.faceDetectorUnavailable(error.description)
        case .failure: faces = []
        }
    }

    /// The same photo decoded for another canvas, as `init` would decode it there: a photo
    /// decoded for a smaller canvas would be drawn upscaled, blurred, on a larger one. Faces
    /// are found again in the new pixels, or taken from the same face cache.
    public func fitted(for template: Template, size: Size? = nil, scale: Int) throws(PhotoInputError) -> EventPhoto {
        try EventPhoto(data: data, template: template, size: size, scale: scale, limits: limits, faceCache: faceCache, sha256: sha256)
    }

    /// One detector for every photo (loading the cascades takes a while), made on the first photo.
    static let detector: Result<FaceDetector, FacesError> = Result { () throws(FacesError) -> FaceDetector in
        do { return try FaceDetector() } catch let error as FacesError { throw error } catch { throw FacesError.cascade("\(error)") }
    }
}

/// Why a photo cannot go on a card.
public enum PhotoInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case photo(PhotoError)
    case templateShowsNoPhoto(String)
    /// The face detector's plug-in could not be loaded (the message names the files tried).
    case faceDetectorUnavailable(String)

    public var description: String {
        switch self {
        case .photo(let e): return e.description
        case .faceDetectorUnavailable(let message): return message
        case .templateShowsNoPhoto(let name):
            return "template \(name) shows no photo (use a template with an image whose src is {\"from\": \"eventPhoto\"}, such as photo)"
        }
    }
}
