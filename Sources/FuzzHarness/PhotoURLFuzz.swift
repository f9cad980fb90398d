import BufferText
import CCurlFetch
import PhotoFetch

/// Photo URLs (a card URL's `photo=`, and each redirect's Location). Every URL the allow-list
/// check takes apart must be read the same way by libcurl, which makes the connection: the same
/// host, by the comparison a fetch makes (`sc_fetch_same_host`), and port.
/// Where two parsers disagree, a URL checked as one host is fetched from another; each fetch
/// also asks libcurl before connecting, but a URL taken here and refused there is an error the
/// user is given late and vaguely. The URL's origin, written out, must read back as itself.
///
/// An input whose first byte is below 0x80 is the URL itself. Otherwise the bytes that follow
/// assemble one from pieces where parsers are known to part ways (schemes, separators, user
/// information, hosts in their odd IPv4, IPv6 and Unicode forms, ports, paths, queries,
/// fragments), then splice the rest of the input into it at a chosen place: neither parser is
/// instrumented, so byte mutation alone rarely reaches a well-formed URL with one odd part.
enum PhotoURLFuzz {
    static let schemes = ["http", "https", "HTTP", "hTtPs", "ftp", "http:", ""]
    static let separators = ["://", ":/", ":///", ":\\\\", "://\\", ":"]
    static let users = ["", "", "u@", "u:p@", "@", "a%40b@", ":@", "media.example.com@"]
    static let hosts = ["media.example.com", "MEDIA.example.com", "k.com", "12.com", "xn--nxasmq6b.com", "a-b.c", "example.123x",
                        "127.0.0.1", "0x7f.1", "2130706433", "127.1", "0177.0.0.01", "127.0.0.1.", "1.2.3.4.5", "0x7f.0.0.1",
                        "[::1]", "[::ffff:127.0.0.1]", "[0:0::1]", "[fe80::1%25eth0]", "[v1.x]", "[127.0.0.1]", "[::1", "::1",
                        "\u{212A}.com", "\u{2460}\u{2461}.com", "media\u{3002}example.com", "media\u{FF0E}example.com",
                        "me\u{AD}dia.example.com", "me\u{200B}dia.example.com", "\u{FF10}x7f.1", "\u{130}.com", "%6d%65dia.example.com", ""]
    static let ports = ["", "", ":", ":80", ":080", ":443", ":65535", ":65536", ":0", ":+80", ":8O", ": 80", ":0x50",
                        ":" + String(repeating: "9", count: 30)]
    static let paths = ["", "/", "/a.jpg", "/%2e%2e/a.jpg", "/\\x", "/a b", "/@evil.com", "\\evil.com"]
    static let queries = ["", "?", "?w=1&h=2", "?@evil.com", "?x=%00", "?a=\u{12}"]
    static let fragments = ["", "#", "#@evil.com", "#/../"]

    static func run(_ input: [UInt8]) {
        let url: String
        if let first = input.first, first >= 0x80 {
            url = assembled(FuzzInput(Array(input.dropFirst())))
        } else {
            url = String(decoding: input, as: UTF8.self)
        }
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
        FuzzCheck.that(sc_fetch_same_host(theirs, ours.host) == 1 && Int(port) == ours.port,
                       "\(url): the allow-list check reads \(ours.host) port \(ours.port), libcurl \(theirs) port \(port)")
    }

    /// A URL from the pieces the bytes pick, with the bytes left over spliced in at a place
    /// the last choice picks (nowhere when it is past the end).
    static func assembled(_ reader: FuzzInput) -> String {
        var reader = reader
        var parts = [reader.pick(schemes), reader.pick(separators), reader.pick(users), reader.pick(hosts), reader.pick(ports),
                     reader.pick(paths), reader.pick(queries), reader.pick(fragments)]
        let place = Int(reader.byte())
        let rest = String(decoding: reader.rest, as: UTF8.self)
        if place / 2 < parts.count {
            // Into the piece, at its start (even) or its end (odd).
            parts[place / 2] = place % 2 == 0 ? rest + parts[place / 2] : parts[place / 2] + rest
        }
        return parts.joined()
    }
}
