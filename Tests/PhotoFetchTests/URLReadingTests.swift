import BufferText
import CCurlFetch
import Foundation
@testable import PhotoFetch
import TestSupport
import XCTest

/// The allow-list check and libcurl must read a photo URL's host and port alike: where they
/// differ, a URL checked as one host is fetched from another. URLs the two parsers read
/// differently are refused before any fetch; a fetch asks libcurl's own parser before it
/// connects, and libcurl gets a socket only for the address checked.
final class URLReadingTests: XCTestCase {
    var server: PhotoOriginServer!

    override func setUpWithError() throws { server = try PhotoOriginServer() }
    override func tearDown() { server?.stop() }

    func hits() throws -> Int {
        let fetcher = PhotoFetcher(origins: [try PhotoOrigin(server.base)])
        return Int(String(decoding: try fetcher.fetch("\(server.base)/hits?\(UUID())"), as: UTF8.self)) ?? -1
    }

    /// `sc_fetch_url_authority`: the host and port libcurl reads, or its refusal.
    func libcurlReads(_ url: String) -> (host: String, port: Int)? {
        var host = [CChar](repeating: 0, count: 512), message = [CChar](repeating: 0, count: 512)
        var port: Int32 = 0
        guard sc_fetch_url_authority(url, &host, host.count, &port, &message, message.count) == SC_FETCH_OK else { return nil }
        return (host.stringBeforeNUL, Int(port))
    }

    func testLibcurlsReadingOfHostsAndPorts() {
        let cases: [(String, String?, Int)] = [
            ("http://127.0.0.1:8081/photo.jpg", "127.0.0.1", 8081),
            ("https://Media.Example.com/a.jpg?w=1", "Media.Example.com", 443),
            ("http://[::1]/x", "::1", 80),                 // brackets dropped
            ("http://media.example.com:080/", "media.example.com", 80),
            // What the allow-list check now refuses, because libcurl reads it as another host:
            ("http://0x7f.1/", "127.0.0.1", 80),
            ("http://2130706433/", "127.0.0.1", 80),
            ("http://127.1/", "127.0.0.1", 80),
            ("http://\u{2460}\u{2461}.com/", "\u{2460}\u{2461}.com", 80),  // Foundation reads "12.com"
            ("http://[127.0.0.1]/", nil, 0),
            ("http://media.example.com:65536/", nil, 0),
            ("not a URL", nil, 0),
        ]
        for (url, host, port) in cases {
            let read = libcurlReads(url)
            XCTAssertEqual(read?.host, host, url)
            if host != nil { XCTAssertEqual(read?.port, port, url) }
        }
    }

    func testHostsTheParsersReadDifferentlyAreRefusedBeforeAnyFetch() throws {
        let port = server.port
        let fetcher = PhotoFetcher(origins: [try PhotoOrigin(server.base), try PhotoOrigin("http://12.com"), try PhotoOrigin("http://k.com"), try PhotoOrigin("http://h")])
        for url in ["http://0x7f.1:\(port)/photo.jpg", "http://0x7F000001:\(port)/photo.jpg", "http://2130706433:\(port)/photo.jpg",
                    "http://127.1:\(port)/photo.jpg", "http://0177.0.0.1:\(port)/photo.jpg", "http://127%2e0.0.1:\(port)/photo.jpg",
                    "http://[127.0.0.1]:\(port)/photo.jpg", "http://\u{2460}\u{2461}.com/photo.jpg", "http://%31%32.com/photo.jpg",
                    "\(server.base)/photo.jpg?w=10\u{12}4", "\(server.base)/photo\u{7F}.jpg",
                    "http://127.0.0.1:1\(String(repeating: "0", count: 30))80/photo.jpg", "http://127.0.0.1:+\(port)/photo.jpg",
                    "http://\u{212A}.com/photo.jpg", "http://e\u{301}.com/photo.jpg", "http://\u{34F}H://h/photo.jpg"] {
            XCTAssertNil(PhotoFetcher.checkedAuthority(url), url)
            XCTAssertFalse(fetcher.allows(url), url)
            do {
                _ = try fetcher.fetch(url)
                XCTFail("\(url) was fetched")
            } catch {
                guard case .notAllowed = error else { return XCTFail("\(url): \(error)") }
            }
        }
        XCTAssertEqual(try hits(), 0)
        // The plain spellings are still taken, and read alike by both.
        for url in ["\(server.base)/photo.jpg", "HTTP://127.0.0.1:\(port)/photo.jpg", "http://12.com/", "http://a1.example/",
                    "http://[::FFFF:127.0.0.1]/", "http://example.123x/"] {
            let ours = try XCTUnwrap(PhotoFetcher.checkedAuthority(url), url)
            let theirs = try XCTUnwrap(libcurlReads(url), url)
            XCTAssertEqual(theirs.port, ours.port, url)
            XCTAssertTrue(ours.host.contains(":") ? theirs.host.lowercased() == ours.host.lowercased()
                                                  : theirs.host.lowercased() == ours.host, "\(url): \(theirs.host) \(ours.host)")
        }
    }

    /// A request whose host libcurl reads as other than the host checked: before, the pin
    /// (kept under the checked host) did not apply, libcurl connected to the URL's own host and
    /// sent the request there, and only the connected address was found wrong afterwards.
    func testAFetchLibcurlReadsAsAnotherHostConnectsNowhere() throws {
        var result = sc_fetch_result()
        var message = [CChar](repeating: 0, count: 512)
        let status = "\(server.base)/photo.jpg".withCString { url in
            "localhost".withCString { host in
                "127.0.0.2".withCString { address in
                    var request = sc_fetch_request(url: url, host: host, port: Int32(server.port), address: address,
                                                   connect_timeout_ms: 1000, total_timeout_ms: 2000, max_bytes: 1 << 20)
                    return sc_fetch(&request, &result, &message, message.count)
                }
            }
        }
        sc_fetch_free(&result)
        XCTAssertEqual(status, Int32(SC_FETCH_WRONG_ADDRESS))
        XCTAssertEqual(message.stringBeforeNUL,
                       "libcurl reads the URL's host and port as 127.0.0.1 port \(server.port), not localhost port \(server.port) as checked")
        XCTAssertEqual(try hits(), 0, "the origin was contacted")
    }

    func testSocketsOnlyForThePinnedAddressAndPort() {
        func v4(_ text: String, _ port: UInt16) -> sockaddr_in {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            a.sin_port = port.bigEndian
            inet_pton(AF_INET, text, &a.sin_addr)
            return a
        }
        func v6(_ text: String, _ port: UInt16) -> sockaddr_in6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            a.sin6_port = port.bigEndian
            inet_pton(AF_INET6, text, &a.sin6_addr)
            return a
        }
        func allowed<T>(_ destination: T, length: Int = MemoryLayout<T>.size, _ address: String, _ port: Int32) -> Bool {
            withUnsafeBytes(of: destination) { raw in
                sc_fetch_destination_is(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length, address, port) == 1
            }
        }
        XCTAssertTrue(allowed(v4("93.184.216.34", 443), "93.184.216.34", 443))
        XCTAssertFalse(allowed(v4("93.184.216.34", 80), "93.184.216.34", 443), "another port")
        XCTAssertFalse(allowed(v4("127.0.0.1", 443), "93.184.216.34", 443), "another address")
        XCTAssertFalse(allowed(v4("93.184.216.34", 443), length: 8, "93.184.216.34", 443), "a short address")
        XCTAssertFalse(allowed(v4("93.184.216.34", 443), "not an address", 443))
        XCTAssertTrue(allowed(v6("::1", 8081), "::1", 8081))
        XCTAssertTrue(allowed(v6("::1", 8081), "0:0:0:0:0:0:0:1", 8081), "IPv6 compared by its bytes")
        XCTAssertFalse(allowed(v6("::ffff:93.184.216.34", 443), "93.184.216.34", 443), "a mapped address is another family")
        XCTAssertFalse(allowed(v6("::2", 8081), "::1", 8081))
        var unix = sockaddr_un()
        unix.sun_family = sa_family_t(AF_UNIX)
        XCTAssertFalse(allowed(unix, "127.0.0.1", 0))
    }

    /// An IPv6-literal origin, written short or long (the connected address used to be compared
    /// with the checked one as text, so the long form was refused after the fetch).
    func testIPv6LiteralOriginsAreFetched() throws {
        let v6: PhotoOriginServer
        do { v6 = try PhotoOriginServer(host: "::1") } catch { throw XCTSkip("no IPv6 loopback here: \(error)") }
        defer { v6.stop() }
        for origin in ["http://[::1]:\(v6.port)", "http://[0:0:0:0:0:0:0:1]:\(v6.port)"] {
            let fetcher = PhotoFetcher(origins: [try PhotoOrigin(origin)])
            XCTAssertEqual(try fetcher.fetch("\(origin)/photo.jpg").count, 1000, origin)
        }
    }
}

/// Which resolved addresses a host *name* may lead to.
final class InternalAddressTests: XCTestCase {
    func testAddressesNeverReachedThroughAName() {
        let notPublic = ["0.0.0.0", "10.1.2.3", "127.0.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255", "192.168.1.1",
                        "100.64.0.1", "224.0.0.1", "255.255.255.255", "192.0.0.170", "198.18.0.1", "198.19.255.255",
                        "::", "::1", "::127.0.0.1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
                        "64:ff9b:1::1", "2002:7f00:1::", "2002:a9fe:a9fe::1", "fc00::1", "fd12:3456::1", "fe80::1", "ff02::1",
                        "100::1", "not an address", ""]
        let publicAddresses = ["93.184.216.34", "8.8.8.8", "172.32.0.1", "192.0.1.1", "198.20.0.1", "100.128.0.1", "::ffff:93.184.216.34",
                        "64:ff9b::5db8:d822", "2002:5db8:d822::1", "2606:2800:220:1:248:1893:25c8:1946", "2001:db8::1"]
        for address in notPublic { XCTAssertTrue(HostAddresses.isInternal(address), address) }
        for address in publicAddresses { XCTAssertFalse(HostAddresses.isInternal(address), address) }
    }
}
