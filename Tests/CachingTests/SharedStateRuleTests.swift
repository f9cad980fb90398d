import Foundation
import XCTest

/// Shared state is kept in `LockedValue`, never in `Synchronization.Mutex`: ThreadSanitizer
/// cannot see `Mutex`'s ordering on Linux and reports every access as a race (docs/testing.md),
/// which only the long `scripts/sanitize thread` run would show. This keeps the rule in every
/// test run.
final class SharedStateRuleTests: XCTestCase {
    func testNoSourceUsesSynchronizationMutex() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var offenders: [String] = []
        for folder in ["Sources", "Tests", "fuzz"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { return XCTFail("cannot list \(base.path)") }
            for case let path as String in walker where path.hasSuffix(".swift") && !path.hasSuffix("SharedStateRuleTests.swift") {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where line.contains("Mutex<") || line.contains("Mutex(") {
                    offenders.append("\(folder)/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        XCTAssertEqual(offenders, [], "use Caching.LockedValue")
    }
}
