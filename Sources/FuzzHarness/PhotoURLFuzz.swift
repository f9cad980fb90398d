import BufferText
import CCurlFetch
import Foundation
import PhotoFetch

/// Photo URLs (a card URL's `photo=`, and each redirect's Location). Every URL the allow-list
/// check takes apart must be read the same way by libcurl, which makes the connection: the same
/// host (IP literals compared by their bytes, names without regard to ASCII case) and port.
/// Where two parsers disagree, a URL checked as one host is fetched from another; each fetch
/// also asks libcurl before connecting, but a URL taken here and refused there is an error the
/// user is given late and vaguely. The URL's origin, written out, must read back as itself.
enum PhotoURLFuzz {
    static func run(_ input: [UInt8]) {
        let url = String(decoding: input, as: UTF8.self)
        guard let ours = PhotoFetcher.checkedAuthority(url) else { return }
        let written = "\(ours.scheme)://\(ours.host.contains(":") ? "[\(ours.host)]" : ours.host):\(ours.port)"
        do {
            let origin = try PhotoOrigin(written)
            FuzzCheck.that(origin.scheme == ours.scheme && origin.host == ours.host && origin.port == ours.port,
                           "\(url): origin \(written) reads back as \(origin)")
            FuzzCheck.that((try? PhotoOrigin(origin.description)) == origin, "\(url): origin \(origin) does not read back")
        } catch {
            FuzzCheck.that(false, "\(url): its origin \(written) is refused: \(error)")
        }

        var host = [CChar](repeating: 0, count: 4096), message = [CChar](repeating: 0, count: 1024)
        var port: Int32 = 0
        guard sc_fetch_url_authority(url, &host, host.count, &port, &message, message.count) == SC_FETCH_OK else {
            let text = message.stringBeforeNUL
            if text.hasPrefix("libcurl could not be loaded") { return }  // nothing to compare with
            return FuzzCheck.that(false, "\(url) is taken by the allow-list check (\(ours.host) port \(ours.port)) but libcurl refuses it: \(text)")
        }
        let theirs = host.stringBeforeNUL
        FuzzCheck.that(sameHost(theirs, ours.host) && Int(port) == ours.port,
                       "\(url): the allow-list check reads \(ours.host) port \(ours.port), libcurl \(theirs) port \(port)")
    }

    static func sameHost(_ a: String, _ b: String) -> Bool {
        var a6 = in6_addr(), b6 = in6_addr()
        if inet_pton(AF_INET6, a, &a6) == 1, inet_pton(AF_INET6, b, &b6) == 1 {
            return withUnsafeBytes(of: a6) { x in withUnsafeBytes(of: b6) { y in x.elementsEqual(y) } }
        }
        var a4 = in_addr(), b4 = in_addr()
        if inet_pton(AF_INET, a, &a4) == 1, inet_pton(AF_INET, b, &b4) == 1 { return a4.s_addr == b4.s_addr }
        return a.lowercased() == b.lowercased()
    }
}
