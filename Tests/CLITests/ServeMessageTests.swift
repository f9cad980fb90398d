import Foundation
import TestSupport
import XCTest

/// What `serve` says about its own flags and address: the flag at fault, and a listening URL
/// a client can use.
final class ServeMessageTests: TemporaryDirectoryTestCase {
    func testOutOfRangeFlagsAreNamed() throws {
        let memory = try Sharecard.run(["serve", "--port", "0", "--connection-memory", "10"])
        XCTAssertEqual(memory.status, 2, memory.stderr)
        XCTAssertEqual(memory.stderr, "sharecard serve: --connection-memory must be a whole number from 40960 to 16777216, got '10'\n")

        let host = try Sharecard.run(["serve", "--port", "0", "--host", "999.1.1.1"])
        XCTAssertEqual(host.status, 2, host.stderr)
        XCTAssertEqual(host.stderr, "sharecard serve: --host must be an IPv4 or IPv6 address (a name is not resolved), got '999.1.1.1'\n")

        let perIP = try Sharecard.run(["serve", "--port", "0", "--max-connections", "10", "--max-connections-per-ip", "11"])
        XCTAssertEqual(perIP.status, 2, perIP.stderr)
        XCTAssertEqual(perIP.stderr, "sharecard serve: --max-connections-per-ip must be at most --max-connections (10)\n")

        let bodies = try Sharecard.run(["serve", "--port", "0", "--max-upload", "2000000", "--max-body-memory", "1000000"])
        XCTAssertEqual(bodies.status, 2, bodies.stderr)
        XCTAssertEqual(bodies.stderr, "sharecard serve: --max-body-memory must be 0 or at least the largest body taken, --max-upload and --max-body (2000000)\n")

        let perOrigin = try Sharecard.run(["serve", "--port", "0", "--fetch-workers", "3", "--fetch-workers-per-origin", "4"])
        XCTAssertEqual(perOrigin.status, 2, perOrigin.stderr)
        XCTAssertEqual(perOrigin.stderr, "sharecard serve: --fetch-workers-per-origin must be at most --fetch-workers (3)\n")
    }

    /// With photo URLs on, the listening line says how they are fetched: with two or more
    /// origins, one origin holds at most half the fetch threads unless told otherwise.
    func testTheListeningLineGivesEachOriginsShareOfTheFetchThreads() throws {
        func line(_ arguments: [String]) throws -> String {
            let server = try ServerProcess(self, executable: Sharecard.executable, arguments: arguments,
                                           log: directory.appendingPathComponent("serve-\(UUID()).err"))
            return server.stderrText
        }
        let two = ["--photo-origin", "https://a.example", "--photo-origin", "https://b.example"]
        XCTAssertTrue(try line(two).contains(", photo URLs from 2 origins on 8 fetch threads, at most 4 per origin, "))
        XCTAssertTrue(try line(two + ["--fetch-workers", "5"]).contains("on 5 fetch threads, at most 3 per origin, "))
        XCTAssertTrue(try line(two + ["--fetch-workers-per-origin", "8"]).contains("on 8 fetch threads, at most 8 per origin, "))
        XCTAssertTrue(try line(["--photo-origin", "https://a.example"]).contains(", photo URLs from 1 origin on 8 fetch threads, "))
    }

    /// Share pages unfold in chat apps only with absolute image URLs, so the listening line says
    /// whether handed-out URLs are absolute (under `--public-url`) or relative.
    func testTheListeningLineSaysWhereHandedOutURLsPoint() throws {
        func line(_ arguments: [String]) throws -> String {
            let server = try ServerProcess(self, executable: Sharecard.executable, arguments: arguments,
                                           log: directory.appendingPathComponent("serve-\(UUID()).err"))
            return server.stderrText
        }
        XCTAssertTrue(try line([]).contains(" workers, handed-out URLs relative (no --public-url)\n"))
        XCTAssertTrue(try line(["--public-url", "https://Cards.example.com/share/"])
            .contains(" workers, handed-out URLs under https://cards.example.com/share\n"))
    }

    /// An IPv6 address is bracketed in the URL, as RFC 3986 requires.
    func testIPv6ListeningURLIsBracketed() throws {
        let server = try ServerProcess(self, executable: Sharecard.executable, arguments: [],
                                       log: directory.appendingPathComponent("serve.err"), host: "::1")
        XCTAssertTrue(server.stderrText.contains("listening on http://[::1]:\(server.port)/ with 1 workers"), server.stderrText)
    }
}
