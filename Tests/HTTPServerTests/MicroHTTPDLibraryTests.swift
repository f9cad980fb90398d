import BufferText
import CMicroHTTPD
import TestSupport
import XCTest

/// libmicrohttpd is opened with `dlopen` when the first server starts. When it cannot be, the
/// message names every file tried, why each failed and the package that provides it.
final class MicroHTTPDLibraryTests: XCTestCase {
    /// `sc_httpd_library_check` over `names`: nil when one of them is usable, else its message.
    private func refusal(_ names: [String]) -> String? {
        var message = [CChar](repeating: 0, count: 2048)
        let status = withCStringArray(names) { sc_httpd_library_check($0, $0.count, &message, message.count) }
        return status == 0 ? nil : message.stringBeforeNUL
    }

    func testAMissingLibraryNamesTheFilesTriedAndThePackage() throws {
        let message = try XCTUnwrap(refusal(["libmicrohttpd-absent.so.12", "/nonexistent/libmicrohttpd.so.12"]))
        XCTAssertTrue(message.hasPrefix("libmicrohttpd could not be loaded (tried libmicrohttpd-absent.so.12, /nonexistent/libmicrohttpd.so.12): "), message)
        XCTAssertTrue(message.contains("libmicrohttpd-absent.so.12: cannot open shared object file"), message)
        XCTAssertTrue(message.contains("; /nonexistent/libmicrohttpd.so.12: cannot open shared object file"), message)
        XCTAssertTrue(message.hasSuffix("it comes with the Debian package libmicrohttpd12"), message)
    }

    /// A library that loads but is not libmicrohttpd: every missing entry point is named.
    func testALibraryWithoutItsEntryPointsNamesEachMissingOne() throws {
        let message = try XCTUnwrap(refusal(["libz.so.1"]))
        XCTAssertTrue(message.contains("libz.so.1 has no MHD_start_daemon, MHD_stop_daemon, "), message)
        for name in ["MHD_add_connection", "MHD_suspend_connection", "MHD_queue_response", "MHD_get_reason_phrase_for"] {
            XCTAssertTrue(message.contains(name), "\(name) missing from: \(message)")
        }
    }

    /// The first usable candidate wins, after the failures before it.
    func testTheInstalledLibraryIsFoundAfterAMissingOne() {
        XCTAssertNil(refusal(["libmicrohttpd-absent.so.12", SC_HTTPD_LIBRARY_NAME]))
        XCTAssertNotNil(refusal([]))
    }
}
