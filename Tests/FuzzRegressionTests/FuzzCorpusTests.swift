import Foundation
@testable import FuzzHarness
import Photos
import XCTest

/// Replays fuzz inputs through the fuzz targets themselves, in an ordinary test run: every
/// committed seed (so the targets keep working between fuzzing campaigns) and every input
/// that once crashed (so what was fixed stays fixed).
final class FuzzCorpusTests: XCTestCase {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fuzz")

    /// Regressions whose fix lives on another branch: replaying them before that branch is
    /// merged would crash the test process, so they are listed here and skipped until then.
    /// File name (under fuzz/regressions/TARGET/) → the branch that fixes it (or is to).
    static let awaitingFix: [String: String] = [:]

    static func inputs(_ kind: String, _ target: FuzzTarget) throws -> [URL] {
        let directory = fuzzDirectory.appendingPathComponent(kind).appendingPathComponent(target.rawValue)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testEveryTargetHasSeeds() throws {
        for target in FuzzTarget.allCases {
            XCTAssertFalse(try Self.inputs("corpus", target).isEmpty, "fuzz/corpus/\(target.rawValue) has no seeds")
        }
    }

    /// A target is named in four places: `FuzzTarget`, its folder under fuzz/targets, the
    /// list Package.swift declares executables from, and scripts/fuzz's list. One left out
    /// of a list is a target that cannot be built or run by name.
    func testEveryListNamesTheSameTargets() throws {
        let root = Self.fuzzDirectory.deletingLastPathComponent()
        let names = Set(FuzzTarget.allCases.map(\.rawValue))
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fuzzDirectory.appendingPathComponent("targets").path)
        XCTAssertEqual(Set(folders.filter { !$0.hasPrefix(".") }), names, "fuzz/targets")
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let script = try String(contentsOf: root.appendingPathComponent("scripts/fuzz"), encoding: .utf8)
        XCTAssertEqual(try Self.quotedNames(in: package, after: "for name in ["), names, "Package.swift")
        let scriptList = try XCTUnwrap(script.range(of: "targets=(")).upperBound
        let scriptNames = script[scriptList...].prefix { $0 != ")" }.split(separator: " ").map(String.init)
        XCTAssertEqual(Set(scriptNames), names, "scripts/fuzz")
    }

    /// The `"…"` strings from `marker` to the list's closing bracket.
    static func quotedNames(in text: String, after marker: String) throws -> Set<String> {
        let start = try XCTUnwrap(text.range(of: marker), "no \(marker) in the file").upperBound
        let list = text[start...].prefix { $0 != "]" }
        return Set(list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
    }

    func testSeedsRunThroughTheirTargets() throws {
        for target in FuzzTarget.allCases {
            for file in try Self.inputs("corpus", target) {
                target.run(Array(try Data(contentsOf: file)))
            }
        }
    }

    /// The photo seeds reach every decoder: each format has a seed that decodes under the
    /// target's limits (a HEIC one only when libheif is found at run time, as in a fuzz run).
    func testPhotoSeedsDecodeInEveryFormat() throws {
        var decoded: Set<PhotoFormat> = []
        for file in try Self.inputs("corpus", .photo) {
            let input = Array(try Data(contentsOf: file))
            if let photo = try? Photo(data: Array(input.dropFirst()), limits: PhotoFuzz.limits) { decoded.insert(photo.format) }
        }
        XCTAssertEqual(decoded, Set(PhotoFormat.allCases), "formats no photo seed decodes in")
    }

    func testFixedCrashesStayFixed() throws {
        var replayed = 0, skipped: [String] = []
        for target in FuzzTarget.allCases {
            for file in try Self.inputs("regressions", target) {
                if let branch = Self.awaitingFix[file.lastPathComponent] {
                    skipped.append("\(target.rawValue)/\(file.lastPathComponent) (fix: \(branch))")
                    continue
                }
                target.run(Array(try Data(contentsOf: file)))
                replayed += 1
            }
        }
        print("replayed \(replayed) regression inputs")
        if !skipped.isEmpty { print("awaiting a merge, not replayed: \(skipped.joined(separator: ", "))") }
    }
}
