import Foundation
import XCTest

/// An install made by `scripts/install` runs with no Swift toolchain: no /opt/swift on PATH
/// or LD_LIBRARY_PATH, no SHARECARD_HOME, outside the checkout, and after being moved.
///
/// Installing relinks the sharecard binary with the Swift runtime linked statically, which
/// cannot happen while `swift test` holds the build folder, so scripts/test installs first
/// (`scripts/install --debug PREFIX`: a relink, seconds) and passes the prefix in
/// SHARECARD_TEST_PREFIX.
final class InstallTests: TemporaryDirectoryTestCase {
    let cleanEnvironment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"]

    func installedPrefix() throws -> URL {
        guard let prefix = ProcessInfo.processInfo.environment["SHARECARD_TEST_PREFIX"], !prefix.isEmpty else {
            throw XCTSkip("SHARECARD_TEST_PREFIX is not set: run scripts/test, or `scripts/install --debug /tmp/p` and then SHARECARD_TEST_PREFIX=/tmp/p swift test --skip-build --filter InstallTests")
        }
        return URL(fileURLWithPath: prefix)
    }

    func assertRendersWithoutToolchain(_ binary: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let out = directory.appendingPathComponent("card-\(UUID().uuidString).png")
        let r = try ProcessRunner.run(binary, ["render", "--title", "Installed", "--template", "dated", "--date", "2024-06-01", "-o", out.path],
                                      environment: cleanEnvironment, in: directory)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        let png = try Data(contentsOf: out)
        XCTAssertEqual(PNGHeader(png), PNGHeader(width: 1024, height: 576), file: file, line: line)
        // The same bytes as the build in the checkout renders.
        let reference = try Sharecard.run(["render", "--title", "Installed", "--template", "dated", "--date", "2024-06-01", "-o", "-"])
        XCTAssertEqual(png, reference.stdout, file: file, line: line)
    }

    func testInstalledBinaryNeedsNoToolchain() throws {
        let prefix = try installedPrefix()
        let binary = prefix.appendingPathComponent("bin/sharecard").path
        let ldd = try ProcessRunner.run("/usr/bin/ldd", [binary], environment: cleanEnvironment)
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        let libraries = String(decoding: ldd.stdout, as: UTF8.self)
        XCTAssertFalse(libraries.contains("/opt/swift"), libraries)
        XCTAssertFalse(libraries.contains("libswiftCore"), libraries)
        XCTAssertFalse(libraries.contains("libFoundation"), libraries)
        XCTAssertFalse(libraries.contains("not found"), libraries)
        try assertRendersWithoutToolchain(binary)

        let version = try ProcessRunner.run(binary, ["--version"], environment: cleanEnvironment, in: directory)
        XCTAssertEqual(version.status, 0, version.stderr)
        let text = String(decoding: version.stdout, as: UTF8.self)
        XCTAssertNotNil(text.range(of: VersionTests.pattern, options: .regularExpression), text)
        XCTAssertFalse(text.contains("commit: unknown"), "scripts/install records the commit: \(text)")
    }

    /// Every library the binary and its plug-ins need is the system's, so none of them carries
    /// a run path: SwiftPM's default `$ORIGIN` sent the loader to the binary's own folder first
    /// for each library, 37 failed look-ups in every process.
    func testInstalledFilesCarryNoRunPath() throws {
        let prefix = try installedPrefix()
        for file in ["bin/sharecard", "lib/sharecard/libsharecard-faces.so", "lib/sharecard/libsharecard-faces-opencv.so"] {
            let r = try ProcessRunner.run("/usr/bin/readelf", ["--dynamic", prefix.appendingPathComponent(file).path], environment: cleanEnvironment)
            XCTAssertEqual(r.status, 0, r.stderr)
            let dynamic = String(decoding: r.stdout, as: UTF8.self)
            XCTAssertTrue(dynamic.contains("(NEEDED)"), "\(file): \(dynamic)")
            XCTAssertFalse(dynamic.contains("(RUNPATH)") || dynamic.contains("(RPATH)"), "\(file): \(dynamic)")
        }
    }

    func testInstalledTreeCanBeMoved() throws {
        let prefix = try installedPrefix()
        let moved = directory.appendingPathComponent("elsewhere")
        try FileManager.default.copyItem(at: prefix, to: moved)
        // And called through a symbolic link on PATH, as /usr/local/bin links often are.
        let link = directory.appendingPathComponent("link-to-sharecard")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: moved.appendingPathComponent("bin/sharecard"))
        try assertRendersWithoutToolchain(link.path)
    }

    func testManPageCompletionsAndUnitAreInstalled() throws {
        let prefix = try installedPrefix()
        for file in ["share/man/man1/sharecard.1.gz", "share/bash-completion/completions/sharecard",
                     "share/fish/vendor_completions.d/sharecard.fish", "lib/systemd/system/sharecard.service",
                     "share/sharecard/fonts/fonts.json", "share/sharecard/web/openapi.json", "share/sharecard/BUILD",
                     "lib/sharecard/libsharecard-faces.so", "lib/sharecard/libsharecard-faces-opencv.so"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), file)
        }
        let zsh = ["share/zsh/site-functions/_sharecard", "share/zsh/vendor-completions/_sharecard"]
        XCTAssertTrue(zsh.contains { FileManager.default.fileExists(atPath: prefix.appendingPathComponent($0).path) })
        let unit = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/system/sharecard.service"), encoding: .utf8)
        XCTAssertTrue(unit.contains("ExecStart=\(prefix.path)/bin/sharecard serve"), unit)
        let bash = try String(contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/sharecard"), encoding: .utf8)
        XCTAssertEqual(bash, String(decoding: try Sharecard.run(["completions", "bash"]).stdout, as: UTF8.self))
    }
}
