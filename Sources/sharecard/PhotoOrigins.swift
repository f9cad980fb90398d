import PhotoFetch

/// `serve --photo-origin URL…`: the fetcher for `photo=<url>`, or nil when none is given.
enum PhotoOrigins {
    static func fetcher(_ values: [String], maxBytes: Int) throws -> PhotoFetcher? {
        guard !values.isEmpty else { return nil }
        var origins: [PhotoOrigin] = []
        for value in values {
            do { origins.append(try PhotoOrigin(value)) } catch { throw UsageError(description: "--photo-origin: \(error)") }
        }
        return PhotoFetcher(origins: origins, limits: PhotoFetcher.Limits(maxBytes: maxBytes))
    }
}
