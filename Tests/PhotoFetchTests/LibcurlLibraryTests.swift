import BufferText
import CCurlFetch
import TestSupport
import XCTest

/// libcurl is opened with `dlopen` on the first photo fetch. When it cannot be, every fetch
/// fails (a 502 `photo_fetch_failed` over HTTP) with a message naming the files tried, why each
/// failed and the package that provides it.
final class LibcurlLibraryTests: XCTestCase {
    /// `sc_fetch_library_check` over `names`: nil when one of them is usable, else its message.
    private func refusal(_ names: [String]) -> String? {
        var message = [CChar](repeating: 0, count: 2048)
        let status = withCStringArray(names) { sc_fetch_library_check($0, $0.count, &message, message.count) }
        if status == 0 { return nil }
        XCTAssertEqual(Int(status), Int(SC_FETCH_FAILED))
        return message.stringBeforeNUL
    }

    func testAMissingLibraryNamesTheFileTriedAndThePackage() throws {
        let message = try XCTUnwrap(refusal(["libcurl-absent.so.4"]))
        XCTAssertEqual(message, "libcurl could not be loaded (tried libcurl-absent.so.4): libcurl-absent.so.4: cannot open shared object "
                       + "file: No such file or directory; it comes with the Debian package libcurl4")
    }

    func testALibraryWithoutItsEntryPointsNamesEachMissingOne() throws {
        let message = try XCTUnwrap(refusal(["libz.so.1"]))
        XCTAssertTrue(message.contains("libz.so.1 has no curl_global_init, curl_easy_init, curl_easy_setopt, curl_easy_perform, "
                                       + "curl_easy_getinfo, curl_easy_strerror, curl_easy_cleanup, curl_slist_append, curl_slist_free_all, "
                                       + "curl_url, curl_url_cleanup, curl_url_set, curl_url_get, curl_url_strerror, curl_free;"), message)
    }

    func testTheInstalledLibraryIsFound() {
        XCTAssertNil(refusal(["libcurl-absent.so.4", SC_FETCH_LIBRARY_NAME]))
    }
}
