import Cards
import Faces
import Foundation
import HTTPTypes
import PhotoFetch
import Photos
import Raster

/// The service's limits and settings, with safe defaults.
public struct ServiceConfiguration: Sendable {
    /// Longest title accepted, in characters.
    public var titleLimit = Event.defaultTitleLimit
    /// Largest `scale` accepted (1…3).
    public var maxScale = 3
    /// The most device pixels one card may need (canvas × scale², plus snapshots and
    /// images): larger `size` and `scale` combinations answer 422 naming this limit.
    public var maxPixelsPerCard = 50_000_000.0
    /// Largest POST body, in bytes.
    public var maxBodyBytes = 64 << 10
    /// Largest `multipart/form-data` POST body (an event and its photo), in bytes.
    public var maxUploadBytes = 10 << 20
    /// Caps on a photo (uploaded or fetched by URL), checked before it is decoded: the
    /// command line's photo limits, with the file no larger than the default upload.
    public var photoLimits = ImageLimits.photo.withMaxFileBytes(10 << 20)
    /// The photo formats taken from strangers (uploads and `photo=<url>`). HEIC is off unless
    /// asked for (`serve --heic`): HEVC has no reduced decode and costs about 80 ms of a core
    /// per megapixel. Its work is bounded before libheif decodes anything (`HEICStructure`: the
    /// pixels its streams are coded at, summed over a grid's cells, at most twice
    /// `photoLimits.maxPixels`; docs/design.md, "HEIC photos").
    public var photoFormats: Set<PhotoFormat> = [.jpeg, .png, .webp]
    /// Bytes of encoded PNG kept in memory.
    public var cacheBytes = 32 << 20
    /// Fetches `photo=<url>` from the allow-listed origins; nil (the default) refuses photo URLs.
    public var photoFetcher: PhotoFetcher?
    /// Faces found per photo, shared by every card made with this configuration
    /// (`serve --face-cache-entries`); nil detects faces for every photo card.
    public var faceCache: FaceCache? = try? FaceCache()
    /// When set, card GET URLs must be signed and POST is refused.
    public var signer: URLSigner?
    /// Unix time in seconds; replaceable for tests.
    public var now: @Sendable () -> Int = { Int(Date().timeIntervalSince1970) }
    /// The playground page and the OpenAPI document, served as they are.
    public var playgroundHTML = "<!doctype html><title>sharecard</title>"
    public var openAPIJSON = "{}"
    /// Part of every ETag: changes when the fonts do.
    public var fontsVersion = "unknown"
    /// Which browser origins may call the API (none by default).
    public var cors = CORSPolicy()
    /// When set, URLs the service hands out are absolute under it.
    public var publicURL: PublicURL?

    /// The longest request target the service's URLs need: a card URL with a 500-character
    /// title and subtitle of 4-byte characters, percent-encoded, is about 12 KB, so the longest
    /// canonical `imageURL` fits. Give it to the server layer (`HTTPServer.Configuration`).
    public static let maxRequestTargetBytes = 16 * 1024
    /// The largest header block (fields, without the request line) the server layer takes.
    public static let maxHeaderBytes = 16 * 1024

    public init() {}
}

