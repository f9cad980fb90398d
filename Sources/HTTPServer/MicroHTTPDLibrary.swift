import BufferText
import CMicroHTTPD

/// libmicrohttpd, opened with `dlopen` when the first server starts rather than linked, so
/// that only `serve` loads it (and GnuTLS behind it).
enum MicroHTTPDLibrary {
    /// Opens it for this process; later calls return at once. Throws
    /// `HTTPServerError.libraryUnavailable` naming the file tried, why it failed and the package.
    static func open() throws {
        var message = [CChar](repeating: 0, count: 2048)
        guard sc_httpd_library_open(&message, message.count) == 0 else {
            throw HTTPServerError.libraryUnavailable(message.stringBeforeNUL)
        }
    }
}
