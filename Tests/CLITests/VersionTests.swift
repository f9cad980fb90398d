import Foundation
import XCTest

/// `--version`: the release, the commit an install was built from, and the content versions
/// of fonts, palettes and templates, one `name: value` line each.
final class VersionTests: TemporaryDirectoryTestCase {
    static let pattern = #"^sharecard [0-9]+\.[0-9]+\.[0-9]+\ncommit: [^\n]+\nrenderer: [0-9]+\nfonts: [0-9a-f]{12}\npalettes: [0-9a-f]{12}\ntemplates: [0-9a-f]{12}\ncontent: [0-9a-f]{12}\n$"#

    func fields(_ r: Sharecard.Result) -> [String: String] {
        var result: [String: String] = [:]
        for line in String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            result[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    func testFormat() throws {
        for flag in ["--version", "-V"] {
            let r = try Sharecard.run([flag])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(r.stderr, "")
            let text = String(decoding: r.stdout, as: UTF8.self)
            XCTAssertNotNil(text.range(of: Self.pattern, options: .regularExpression), text)
        }
    }

    /// The commit comes from BUILD beside the data (written by scripts/install), and the
    /// content versions follow the data: changing one palette changes only "palettes".
    func testCommitAndContentVersionsComeFromTheData() throws {
        let checkout = ProcessRunner.packageRoot
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for folder in ["fonts", "palettes", "templates"] {
            try FileManager.default.copyItem(at: checkout.appendingPathComponent(folder), to: home.appendingPathComponent(folder))
        }
        try Data("0123456789ab\n".utf8).write(to: home.appendingPathComponent("BUILD"))
        // A copy of the binary outside the checkout, so only SHARECARD_HOME can lead to data.
        let binary = directory.appendingPathComponent("bin/sharecard")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Sharecard.executable, to: binary)
        let env = ["SHARECARD_HOME": home.path, "PATH": "/usr/bin:/bin"] .merging(ProcessInfo.processInfo.environment.filter { $0.key == "LD_LIBRARY_PATH" }) { a, _ in a }
        let before = try ProcessRunner.run(binary.path, ["--version"], environment: env, in: directory)
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertEqual(fields(before)["commit"], "0123456789ab")
        XCTAssertEqual(fields(before).filter { $0.key != "commit" }, fields(try Sharecard.run(["--version"])).filter { $0.key != "commit" },
                       "the same data gives the same versions")

        let palette = home.appendingPathComponent("palettes/pastel.json")
        var text = try String(contentsOf: palette, encoding: .utf8)
        text += "\n"
        try Data(text.utf8).write(to: palette)
        let after = try ProcessRunner.run(binary.path, ["--version"], environment: env, in: directory)
        XCTAssertNotEqual(fields(after)["palettes"], fields(before)["palettes"])
        XCTAssertEqual(fields(after)["templates"], fields(before)["templates"])
        XCTAssertEqual(fields(after)["fonts"], fields(before)["fonts"])
        XCTAssertNotEqual(fields(after)["content"], fields(before)["content"], "card URLs get a new v= when a palette changes")

        try FileManager.default.removeItem(at: home.appendingPathComponent("BUILD"))
        XCTAssertEqual(fields(try ProcessRunner.run(binary.path, ["--version"], environment: env, in: directory))["commit"], "unknown")
    }

    func testMissingDataIsReportedNotFatal() throws {
        let binary = directory.appendingPathComponent("sharecard")
        try FileManager.default.copyItem(at: Sharecard.executable, to: binary)
        let env = ["PATH": "/usr/bin:/bin"].merging(ProcessInfo.processInfo.environment.filter { $0.key == "LD_LIBRARY_PATH" }) { a, _ in a }
        let r = try ProcessRunner.run(binary.path, ["--version"], environment: env, in: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(fields(r)["fonts"]?.hasPrefix("unavailable (cannot find the fonts/ folder") == true, String(decoding: r.stdout, as: UTF8.self))
    }
    /// The folders a missing data folder was looked for in are each named once, in search
    /// order: the binary's folder is also the working directory here, and a binary a few
    /// folders below `/` reaches `/` before it has climbed four times.
    func testTheSearchListNamesEachFolderOnce() throws {
        let binary = directory.appendingPathComponent("sharecard")
        try FileManager.default.copyItem(at: Sharecard.executable, to: binary)
        let env = ["PATH": "/usr/bin:/bin"].merging(ProcessInfo.processInfo.environment.filter { $0.key == "LD_LIBRARY_PATH" }) { a, _ in a }
        let r = try ProcessRunner.run(binary.path, ["palettes", "list"], environment: env, in: directory)
        XCTAssertNotEqual(r.status, 0)
        guard let start = r.stderr.range(of: "(looked in: "), let end = r.stderr[start.upperBound...].range(of: ")") else {
            return XCTFail("no search list in: \(r.stderr)")
        }
        let folders = r.stderr[start.upperBound..<end.lowerBound].components(separatedBy: ", ")
        XCTAssertEqual(folders.count, Set(folders).count, "each folder once: \(folders)")
        let own = directory.resolvingSymlinksInPath().path
        XCTAssertEqual(folders.first, (own as NSString).deletingLastPathComponent + "/share/sharecard/palettes", "the installed layout first")
        XCTAssertEqual(folders.dropFirst().first, own + "/palettes", "then the binary's own folder")
        if own.split(separator: "/").count < 4 {
            XCTAssertTrue(folders.contains("/palettes"), "the climb reaches /: \(folders)")
        }
    }
}
