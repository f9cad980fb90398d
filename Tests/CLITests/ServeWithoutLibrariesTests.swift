import Foundation
import XCTest

/// `serve` where a library it opens on demand cannot be loaded: libmicrohttpd at start-up (a
/// clear message on stderr, exit status 1, never a crash), libcurl on the first photo fetch (a
/// JSON 502 naming it); `render` with a HEIC photo without libheif; the commands that hash
/// without libcrypto, dates and locale keywords without libicui18n, and photos without the
/// libraries that turn them upright and into sRGB; `--help` and a card without a date or photo
/// load none of these. The library is hidden
/// in a private mount namespace, where its file is bound to /dev/null (so dlopen finds it and
/// refuses it); that needs root, and the tests are skipped where `unshare --mount` is not
/// allowed.
final class ServeWithoutLibrariesTests: TemporaryDirectoryTestCase {
    private static let unshare = "/usr/bin/unshare"
    private static let folders = ["/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64"]

    /// Runs `bash -c script` with `$1` the library's path, the rest `sharecard` and `arguments`,
    /// in a mount namespace where that library is /dev/null.
    private func run(hiding library: String, _ script: String, _ arguments: [String]) throws -> Sharecard.Result {
        guard FileManager.default.isExecutableFile(atPath: Self.unshare),
              try ProcessRunner.run(Self.unshare, ["--mount", "/bin/true"], environment: [:]).status == 0 else {
            throw XCTSkip("unshare --mount is not allowed here")
        }
        let path = try XCTUnwrap(Self.folders.map { "\($0)/\(library)" }.first { FileManager.default.fileExists(atPath: $0) },
                                 "\(library) not found")
        let hide = #"mount --bind /dev/null "$1" || exit 90; shift; "#
        let environment = ["SHARECARD_HOME": ProcessRunner.packageRoot.path, "PATH": "/usr/bin:/bin"]
        return try ProcessRunner.run(Self.unshare, ["--mount", "/bin/bash", "-c", hide + script, "bash", path, Sharecard.executable.path] + arguments,
                                     environment: environment, in: directory, timeout: 40)
    }

    func testServeWithoutLibmicrohttpdNamesItAndThePackage() throws {
        let r = try run(hiding: "libmicrohttpd.so.12", #"exec "$@""#, ["serve", "--host", "127.0.0.1", "--port", "0"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sharecard serve: cannot start the HTTP server: libmicrohttpd could not be loaded "
                                         + "(tried libmicrohttpd.so.12): "), r.stderr)
        XCTAssertTrue(r.stderr.contains("libmicrohttpd.so.12: file too short"), r.stderr)
        XCTAssertTrue(r.stderr.contains("it comes with the Debian package libmicrohttpd12"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, r.stderr)
    }

    /// The server starts without libcurl; a photo URL on the allow-list is answered 502.
    func testAPhotoFetchWithoutLibcurlIsA502NamingThePackage() throws {
        // Starts the server, waits (boundedly) for its port, sends one request over bash's
        // /dev/tcp and prints the answer, then stops the server.
        let script = #"""
        log=$(mktemp); "$@" 2>"$log" & pid=$!; port=""
        for _ in $(seq 1 150); do
          port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$log"); [ -n "$port" ] && break; sleep 0.1
        done
        [ -n "$port" ] || { cat "$log" >&2; kill "$pid"; exit 91; }
        exec 3<>"/dev/tcp/127.0.0.1/$port"
        printf 'GET /v1/cards/photo.png?title=Hi&photo=http%%3A%%2F%%2F127.0.0.1%%3A9%%2Fa.jpg HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
        timeout 20 cat <&3
        kill -TERM "$pid"; wait "$pid"; status=$?; cat "$log" >&2; rm -f "$log"; exit "$status"
        """#
        let r = try run(hiding: "libcurl.so.4", script,
                        ["serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1", "--photo-origin", "http://127.0.0.1:9"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let answer = String(decoding: r.stdout, as: UTF8.self)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 502 "), answer)
        XCTAssertTrue(answer.contains("Content-Type: application/json"), answer)
        let body = try XCTUnwrap(answer.components(separatedBy: "\r\n\r\n").last)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let error = try XCTUnwrap(json["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "photo_fetch_failed")
        let message = try XCTUnwrap(error["message"] as? String)
        XCTAssertTrue(message.contains("libcurl could not be loaded (tried libcurl.so.4): "), message)
        XCTAssertTrue(message.contains("libcurl.so.4: file too short"), message)
        XCTAssertTrue(message.hasSuffix("it comes with the Debian package libcurl4"), message)
        XCTAssertTrue(r.stderr.contains("sharecard serve: shut down"), r.stderr)
    }

    /// A HEIC photo without libheif is an error naming it and its package; a JPEG photo still
    /// renders, as nothing links libheif.
    func testAHEICPhotoWithoutLibheifNamesItAndThePackage() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CardsTests/Fixtures")
        for name in ["astronaut-landscape.heic", "astronaut-landscape.jpg"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let heic = try run(hiding: "libheif.so.1", #"exec "$@""#,
                           ["render", "--title", "Hi", "--template", "photo", "--photo", "astronaut-landscape.heic", "-o", "heic.png"])
        XCTAssertEqual(heic.status, 1, heic.stderr)
        XCTAssertTrue(heic.stderr.contains("astronaut-landscape.heic: unsupported photo: libheif could not be loaded (tried libheif.so.1): "),
                      heic.stderr)
        XCTAssertTrue(heic.stderr.contains("it comes with the Debian package libheif1"), heic.stderr)
        let jpeg = try run(hiding: "libheif.so.1", #"exec "$@""#,
                           ["render", "--title", "Hi", "--template", "photo", "--photo", "astronaut-landscape.jpg", "-o", "jpeg.png"])
        XCTAssertEqual(jpeg.status, 0, jpeg.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("jpeg.png").path))
    }

    /// `--help` and a one-card render hash nothing, so they run without libcrypto, and the
    /// card is the same bytes; each command that hashes stops before any work with a message
    /// naming the library and its package, and writes nothing.
    func testOnlyTheCommandsThatHashNeedLibcrypto() throws {
        let library = "libcrypto.so.3"
        let help = try run(hiding: library, #"exec "$@""#, ["--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let card = ["render", "--title", "Our first apartment together", "--date", "2024-06-01", "--template", "dated", "-o"]
        let without = try run(hiding: library, #"exec "$@""#, card + ["without.png"])
        XCTAssertEqual(without.status, 0, without.stderr)
        XCTAssertEqual(without.stderr, "")
        let with = try Sharecard.run(card + ["-"])
        XCTAssertEqual(with.status, 0, with.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("without.png")), with.stdout)

        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CardsTests/Fixtures")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("astronaut-landscape.jpg"),
                                         to: directory.appendingPathComponent("photo.jpg"))
        try Data(#"{"title": "Hi"}"#.utf8 + [0x0A]).write(to: directory.appendingPathComponent("events.jsonl"))
        let hashing: [(name: String, arguments: [String])] = [
            ("render", ["render", "--title", "Hi", "--template", "photo", "--photo", "photo.jpg", "-o", "photo.png"]),
            ("batch", ["batch", "events.jsonl", "--out", "cards"]),
            ("serve", ["serve", "--host", "127.0.0.1", "--port", "0"]),
            ("sign", ["sign", "--key", "0123456789abcdef0123", "/v1/cards/classic.png?title=Hi"]),
        ]
        for (name, arguments) in hashing {
            let r = try run(hiding: library, #"exec "$@""#, arguments)
            XCTAssertEqual(r.status, 1, "\(name): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix("sharecard \(name): libcrypto could not be loaded (tried libcrypto.so.3): "), r.stderr)
            XCTAssertTrue(r.stderr.contains("libcrypto.so.3: file too short"), r.stderr)
            XCTAssertTrue(r.stderr.hasSuffix("it comes with the Debian package libssl3\n"), r.stderr)
            XCTAssertEqual(r.stdout, Data(), name)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("photo.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("cards").path))

        let version = try run(hiding: library, #"exec "$@""#, ["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        let text = String(decoding: version.stdout, as: UTF8.self)
        XCTAssertTrue(text.contains("templates: unavailable (libcrypto could not be loaded"), text)
    }

    /// A card without a date never loads ICU's formatting library, and is the same bytes; a
    /// date or a locale keyword (-u-nu-, -u-ca-) without it is an error naming it and its
    /// package, and the server, which opens it at start, does not start.
    func testOnlyDatesAndLocaleKeywordsNeedLibicui18n() throws {
        let library = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/x86_64-linux-gnu")
            .first { $0.hasPrefix("libicui18n.so.") && $0.split(separator: ".").count == 3 }, "no libicui18n.so.N")
        let major = library.split(separator: ".").last!
        let card = ["render", "--title", "Our first apartment together", "--locale", "ar-EG", "-o"]
        let without = try run(hiding: library, #"exec "$@""#, card + ["without.png"])
        XCTAssertEqual(without.status, 0, without.stderr)
        let with = try Sharecard.run(card + ["-"])
        XCTAssertEqual(with.status, 0, with.stderr)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("without.png")), with.stdout)

        let needing: [(status: Int32, arguments: [String])] = [
            (1, ["render", "--title", "Hi", "--template", "dated", "--date", "2024-06-01", "-o", "dated.png"]),
            (2, ["render", "--title", "Hi", "--locale", "ar-EG-u-nu-arab", "-o", "digits.png"]),
            (2, ["render", "--title", "Hi", "--locale", "th-TH-u-ca-buddhist", "-o", "calendar.png"]),
            (1, ["serve", "--host", "127.0.0.1", "--port", "0"]),
        ]
        for (status, arguments) in needing {
            let r = try run(hiding: library, #"exec "$@""#, arguments)
            XCTAssertEqual(r.status, status, r.stderr)
            XCTAssertTrue(r.stderr.contains("libicui18n could not be loaded (tried \(library)): "), r.stderr)
            XCTAssertTrue(r.stderr.contains("\(library): file too short"), r.stderr)
            XCTAssertTrue(r.stderr.contains("it comes with the Debian package libicu\(major)"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent(arguments.last!).path))
        }
    }

    /// A card without a photo loads neither lcms2, libexif nor libwebpdemux; a photo that may
    /// need one (a JPEG: EXIF and ICC; a WebP: its chunks too) is refused naming the library
    /// and its package, rather than drawn sideways or in the wrong colours.
    func testPhotosWithoutTheirColourAndOrientationLibrariesAreRefusedByName() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CardsTests/Fixtures")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("chelsea-exif6.jpg"),
                                         to: directory.appendingPathComponent("photo.jpg"))
        try FileManager.default.copyItem(at: fixtures.deletingLastPathComponent().deletingLastPathComponent()
                                            .appendingPathComponent("PhotosTests/Fixtures/orientation-6.webp"),
                                         to: directory.appendingPathComponent("photo.webp"))
        let cases: [(library: String, name: String, package: String, photo: String)] = [
            ("liblcms2.so.2", "lcms2", "liblcms2-2", "photo.jpg"),
            ("libexif.so.12", "libexif", "libexif12", "photo.jpg"),
            ("libwebpdemux.so.2", "libwebpdemux", "libwebpdemux2", "photo.webp"),
        ]
        for (library, name, package, photo) in cases {
            let plain = try run(hiding: library, #"exec "$@""#, ["render", "--title", "Hi", "-o", "plain.png"])
            XCTAssertEqual(plain.status, 0, "\(library): \(plain.stderr)")
            let r = try run(hiding: library, #"exec "$@""#,
                            ["render", "--title", "Hi", "--template", "photo", "--photo", photo, "-o", "card.png"])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("\(photo): unsupported photo: \(name) could not be loaded (tried \(library)): "), r.stderr)
            XCTAssertTrue(r.stderr.contains("\(library): file too short"), r.stderr)
            XCTAssertTrue(r.stderr.contains("it comes with the Debian package \(package)"), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("card.png").path))
            // The server opens them at start, and does not start without one.
            let serve = try run(hiding: library, #"exec "$@""#, ["serve", "--host", "127.0.0.1", "--port", "0"])
            XCTAssertEqual(serve.status, 1, serve.stderr)
            XCTAssertTrue(serve.stderr.hasPrefix("sharecard serve: \(name) could not be loaded (tried \(library)): "), serve.stderr)
        }
    }
}
