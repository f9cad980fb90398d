import Foundation
import XCTest

/// `batch --shard I/N`: N runs render disjoint parts whose union is the whole batch, the
/// same parts on every run.
final class ShardTests: TemporaryDirectoryTestCase {
    func events(_ count: Int) throws -> String {
        var lines: [String] = []
        for i in 1...count {
            if i == 5 { lines.append(""); continue }  // blank lines count as lines but render nothing
            lines.append(i % 3 == 0 ? #"{"id": "card-\#(i)", "title": "Event \#(i)"}"# : #"{"title": "Event \#(i)", "color": "user_green"}"#)
        }
        return try write(lines.joined(separator: "\n") + "\n", to: "events.jsonl")
    }

    func pngs(in folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try contents(of: folder) where name.hasSuffix(".png") {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name))
        }
        return result
    }

    func testFourShardsAreDisjointCompleteAndStable() throws {
        let input = try events(14)
        let whole = try Sharecard.run(["batch", input, "--out", path("whole"), "--jobs", "2"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let all = try pngs(in: "whole")
        XCTAssertEqual(all.count, 13)

        var union: [String: Data] = [:]
        for i in 0..<4 {
            let r = try Sharecard.run(["batch", input, "--out", path("shard-\(i)"), "--shard", "\(i)/4", "--jobs", "2"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let part = try pngs(in: "shard-\(i)")
            XCTAssertFalse(part.isEmpty, "shard \(i)")
            XCTAssertTrue(Set(part.keys).isDisjoint(with: union.keys), "shard \(i) overlaps: \(part.keys.sorted())")
            union.merge(part) { a, _ in a }
            // Stable: the same shard again, with a different thread count, gives the same files.
            let again = try Sharecard.run(["batch", input, "--out", path("again-\(i)"), "--shard", "\(i)/4", "--jobs", "1"])
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(try pngs(in: "again-\(i)"), part, "shard \(i) on a second run")
        }
        XCTAssertEqual(union, all, "the shards together are the whole batch, byte for byte")
        // Line k goes to shard (k-1) mod 4: line 1 (000001.png) and line 9 in shard 0, line 3 (card-3) in shard 2.
        XCTAssertEqual(Set(try pngs(in: "shard-0").keys), ["000001.png", "card-9.png", "000013.png"])
        XCTAssertTrue(try pngs(in: "shard-2").keys.contains("card-3.png"))
    }

    func testBadShardsAreUsageErrors() throws {
        let input = try events(3)
        for (shard, message) in [("4/4", "I counts from 0"), ("1/0", "N must be from 1"), ("two", "--shard must be I/N"), ("-1/4", "I counts from 0"), ("1/", "--shard must be I/N"),
                                 ("+1/2", "--shard must be I/N"), ("-0/2", "I counts from 0"), ("1/+2", "--shard must be I/N"), (" 1/2", "--shard must be I/N")] {
            let r = try Sharecard.run(["batch", input, "--out", path("out"), "--shard", shard])
            XCTAssertEqual(r.status, 2, "\(shard): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(shard): \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "nothing written")
    }
}
