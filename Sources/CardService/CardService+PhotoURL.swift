import Cards
import HTTPTypes
import PhotoFetch

/// A photo URL fetched on a fetch thread for the worker that renders its card: the bytes, or
/// why there are none (answered as if the worker had fetched it).
struct FetchedPhoto: Sendable {
    let url: String
    let bytes: Result<[UInt8], PhotoFetchError>

    @TaskLocal static var current: FetchedPhoto?
}

extension CardService {
    /// `photo=<url>` on a card GET: fetched only from the origins given at start
    /// (`--photo-origin`; without any, photo URLs are refused), decoded for the card. Refusals
    /// that need no network (off, not on the list) are answered on the fast path; a photo not
    /// in the fetcher's cache is fetched on one of the server's fetch threads (`triage`
    /// defers with `RenderDeferred.photoToFetch`), so a slow origin holds no render worker;
    /// decoding always happens on a worker. Signed URLs sign `photo` like every parameter.
    func photo(fromURL url: String, for card: Card) throws -> EventPhoto {
        let fetcher = try checkPhotoURL(url, for: card)
        if RenderPolicy.deferred {
            throw RenderDeferred(photoToFetch: fetcher.cached(url) == nil ? url : nil)
        }
        let fetched: Result<[UInt8], PhotoFetchError>
        if let prefetched = FetchedPhoto.current, prefetched.url.utf8.elementsEqual(url.utf8) {
            fetched = prefetched.bytes
        } else {
            fetched = Result { () throws(PhotoFetchError) in try fetcher.fetch(url) }
        }
        let bytes: [UInt8]
        do { bytes = try fetched.get() } catch {
            switch error {
            case .notAllowed(let m), .invalidOrigin(let m): throw ServiceError.photoURL(status: 403, code: "photo_not_allowed", message: m)
            case .tooLarge(let m): throw ServiceError.photoURL(status: 413, code: "photo_too_large", message: m)
            case .timedOut(let m): throw ServiceError.photoURL(status: 504, code: "photo_timeout", message: m)
            case .failed(let m): throw ServiceError.photoURL(status: 502, code: "photo_fetch_failed", message: m)
            }
        }
        return try PhotoUpload.decode(bytes[...], for: card, limits: configuration.photoLimits, formats: configuration.photoFormats,
                                      faceCache: configuration.faceCache)
    }

    /// On a fetch thread: `url`'s bytes, or why not, for the worker that then answers `request`.
    /// The fetch's total time counts from `asked` (on the I/O thread), so time spent waiting for
    /// a fetch thread behind slow origins is part of it: a client waits about the time-out, not
    /// the time-out times the requests ahead of it.
    func fetchedPhotoAnswer(_ request: HTTPRequest, url: String, asked: ContinuousClock.Instant) -> ImmediateAnswer {
        guard let fetcher = configuration.photoFetcher else { return .work { [self] in handle(request) } }
        let bytes = Result { () throws(PhotoFetchError) in try fetcher.fetch(url, since: asked) }
        let fetched = FetchedPhoto(url: url, bytes: bytes)
        return .work { [self] in FetchedPhoto.$current.withValue(fetched) { handle(request) } }
    }

    /// What can be judged of a photo URL without the network: photo URLs are on, the URL is no
    /// longer than `PhotoFetcher.maxURLBytes` (2,048), it is on an allowed origin, and the card's
    /// template shows a photo. Returns the fetcher to use.
    @discardableResult
    func checkPhotoURL(_ url: String, for card: Card) throws -> PhotoFetcher {
        guard let fetcher = configuration.photoFetcher else {
            throw ServiceError.photoURL(status: 403, code: "photo_urls_disabled",
                                        message: "this server fetches no photo URLs (it was started without --photo-origin)")
        }
        guard url.utf8.count <= PhotoFetcher.maxURLBytes else {
            throw ServiceError.badRequest(code: "invalid_parameter",
                                          message: "the photo URL is \(url.utf8.count) bytes long; at most \(PhotoFetcher.maxURLBytes) are allowed",
                                          field: "photo")
        }
        guard fetcher.allows(url) else {
            throw ServiceError.photoURL(status: 403, code: "photo_not_allowed",
                                        message: "the photo URL must be http or https on an allowed origin (\(fetcher.origins.map(\.description).joined(separator: ", ")))")
        }
        guard card.template.scene.showsEventPhoto else {
            throw ServiceError.invalidPhoto(message: PhotoInputError.templateShowsNoPhoto(card.template.name).description, field: "template")
        }
        return fetcher
    }
}
