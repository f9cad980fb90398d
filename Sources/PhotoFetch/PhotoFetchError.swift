/// Why a photo URL was not fetched; each message names the problem.
public enum PhotoFetchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `--photo-origin` value that is not an origin.
    case invalidOrigin(String)
    /// Not an absolute http(s) URL, or an origin (or a redirect's) not on the allow-list, or
    /// an address the list does not name.
    case notAllowed(String)
    /// Over the byte limit.
    case tooLarge(String)
    /// The origin did not answer in time.
    case timedOut(String)
    /// Could not connect, a non-200 answer, or too many redirects.
    case failed(String)

    public var description: String {
        switch self {
        case .invalidOrigin(let m), .notAllowed(let m), .tooLarge(let m), .timedOut(let m), .failed(let m): return m
        }
    }
}
