import Foundation
import XCTest

/// A batch keeps the faces found in its photos for the run: lines repeating a photo (another
/// title, another size that decodes it alike) detect once, and the summary says so. And
/// `serve --face-cache-entries` refuses a value out of range by name.
final class BatchFaceCacheTests: TemporaryDirectoryTestCase {
    func testLinesSharingAPhotoDetectOnce() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("jobs"), withIntermediateDirectories: true)
        for (name, target) in [("three-faces.jpg", "jobs/friends.jpg"), ("rocket-portrait.jpg", "jobs/rocket.jpg")] {
            try FileManager.default.copyItem(at: PhotoCommandTests.photos.appendingPathComponent(name), to: directory.appendingPathComponent(target))
        }
        try write("""
            {"id": "a", "title": "Reunion", "template": "photo", "photo": "friends.jpg"}
            {"id": "b", "title": "Reunion, again", "template": "photo", "photo": "friends.jpg"}
            {"id": "c", "title": "Launch", "template": "photo", "photo": "rocket.jpg"}
            {"id": "d", "title": "Reunion", "template": "photo", "photo": "friends.jpg", "size": "og"}
            {"id": "e", "title": "No photo", "template": "photo"}

            """, to: "jobs/events.jsonl")
        let result = try Sharecard.run(["batch", "jobs/events.jsonl", "--out", "cards", "--jobs", "1"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "5 events: 5 written, 0 unchanged, 0 failed; face searches: 2 run, 2 reused\n")

        // The card of a line that reused faces is the one a batch of that line alone draws.
        try write(#"{"id": "b", "title": "Reunion, again", "template": "photo", "photo": "friends.jpg"}"# + "\n", to: "jobs/one.jsonl")
        let alone = try Sharecard.run(["batch", "jobs/one.jsonl", "--out", "alone", "--jobs", "1"], in: directory)
        XCTAssertEqual(alone.stderr, "1 event: 1 written, 0 unchanged, 0 failed; face searches: 1 run, 0 reused\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("alone/b.png"))), try Data(contentsOf: URL(fileURLWithPath: path("cards/b.png"))))
    }

    /// A re-run names each photo card by its photo's digest and skips it undecoded: no face is
    /// searched for a card already written, and the summary says so.
    func testARerunDecodesNoPhotoOfACardAlreadyWritten() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("jobs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PhotoCommandTests.photos.appendingPathComponent("three-faces.jpg"),
                                         to: directory.appendingPathComponent("jobs/friends.jpg"))
        try write("""
            {"id": "a", "title": "Reunion", "template": "photo", "photo": "friends.jpg"}
            {"id": "b", "title": "Reunion", "template": "photo", "photo": "friends.jpg", "size": "og"}

            """, to: "jobs/events.jsonl")
        let first = try Sharecard.run(["batch", "jobs/events.jsonl", "--out", "cards", "--jobs", "1"], in: directory)
        XCTAssertEqual(first.stderr, "2 events: 2 written, 0 unchanged, 0 failed; face searches: 1 run, 1 reused\n")
        let again = try Sharecard.run(["batch", "jobs/events.jsonl", "--out", "cards", "--jobs", "1"], in: directory)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, "2 events: 0 written, 2 unchanged, 0 failed\n")
        // Another photo under the same name is another card: drawn again.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("jobs/friends.jpg"))
        try FileManager.default.copyItem(at: PhotoCommandTests.photos.appendingPathComponent("rocket-portrait.jpg"),
                                         to: directory.appendingPathComponent("jobs/friends.jpg"))
        let changed = try Sharecard.run(["batch", "jobs/events.jsonl", "--out", "cards", "--jobs", "1"], in: directory)
        XCTAssertEqual(changed.stderr, "2 events: 2 written, 0 unchanged, 0 failed; face searches: 1 run, 1 reused\n")
    }

    func testABatchWithoutPhotosSaysNothingOfFaces() throws {
        try write(#"{"title": "Plain"}"# + "\n", to: "events.jsonl")
        let result = try Sharecard.run(["batch", "events.jsonl", "--out", "cards"], in: directory)
        XCTAssertEqual(result.stderr, "1 event: 1 written, 0 unchanged, 0 failed\n")
    }

    func testServeRefusesAFaceCacheSizeOutOfRange() throws {
        for value in ["-1", "1000001", "lots"] {
            let result = try Sharecard.run(["serve", "--port", "0", "--face-cache-entries", value], in: directory)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("--face-cache-entries must be a whole number from 0 to 1000000, got '\(value)'"), result.stderr)
        }
    }
}
