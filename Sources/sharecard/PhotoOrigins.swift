import Cards
import PhotoFetch

/// `serve --photo-origin URL…`: the fetcher for `photo=<url>`, or nil when none is given.
enum PhotoOrigins {
    static func fetcher(_ values: [String], maxBytes: Int) throws -> PhotoFetcher? {
        guard !values.isEmpty else { return nil }
        var origins: [PhotoOrigin] = []
        for value in values {
            do { origins.append(try PhotoOrigin(value)) } catch { throw UsageError(description: "--photo-origin: \(error)") }
        }
        // The digest a card's key uses for its photo (EventPhoto's), so a card whose photo was
        // fetched before is answered from the caches on the fast path.
        return PhotoFetcher(origins: origins, limits: PhotoFetcher.Limits(maxBytes: maxBytes),
                            digest: { ContentHash.hex(digest: ContentHash.sha256($0)) })
    }
}
