import Foundation
import XCTest

/// `render --photo FILE` and batch lines with `"photo"`, through the real executable.
final class PhotoCommandTests: TemporaryDirectoryTestCase {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("CardsTests/Fixtures")

    func copyPhoto(_ name: String, to relative: String) throws {
        let target = directory.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.photos.appendingPathComponent(name), to: target)
    }

    func testRenderWithAPhotoDrawsIt() throws {
        try copyPhoto("chelsea-exif6.jpg", to: "cat.jpg")
        let with = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "cat.jpg", "-o", "with.png"], in: directory)
        XCTAssertEqual(with.status, 0, with.stderr)
        let without = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "-o", "without.png"], in: directory)
        XCTAssertEqual(without.status, 0, without.stderr)
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: path("with.png"))),
                          try Data(contentsOf: URL(fileURLWithPath: path("without.png"))))
    }

    /// A photo whose colour profile cannot be used is still drawn (its values read as sRGB),
    /// with a warning naming the file: in `render`, `draw` and each batch line that decodes it.
    func testAPhotoWithAnUnusableProfileIsDrawnWithAWarning() throws {
        let jpeg = Array(try Data(contentsOf: Self.photos.appendingPathComponent("chelsea-exif6.jpg")))
        let junk: [UInt8] = [0, 0, 0, 200] + [UInt8](repeating: 0x41, count: 196)
        let body = Array("ICC_PROFILE".utf8) + [0, 1, 1] + junk
        let tagged = Array(jpeg[0..<2]) + [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body + Array(jpeg[2...])
        try Data(tagged).write(to: directory.appendingPathComponent("odd.jpg"))
        let warning = "odd.jpg: its colour profile cannot be used (unreadable, or not for its pixels), so its colours are read as sRGB"

        let render = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "odd.jpg", "-o", "odd.png"], in: directory)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(render.stderr, "sharecard render: warning: \(warning)\n")
        let plain = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "odd.jpg", "-o", "plain.png"], in: directory)
        XCTAssertEqual(plain.status, 0)
        try Data(jpeg).write(to: directory.appendingPathComponent("plain.jpg"))
        let clean = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "plain.jpg", "-o", "clean.png"], in: directory)
        XCTAssertEqual(clean.stderr, "", "no warning without a profile")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("odd.png"))), try Data(contentsOf: URL(fileURLWithPath: path("clean.png"))),
                       "the same stored values, the same card")

        try write(#"{"elements": [{"type": "image", "src": {"from": "eventPhoto"}, "frame": [0, 0, 320, 200], "contentMode": "aspectFill"}], "width": 320, "height": 200}"#,
                  to: "scene.json")
        let draw = try Sharecard.run(["draw", "scene.json", "--photo", "odd.jpg", "-o", "scene.png"], in: directory)
        XCTAssertEqual(draw.status, 0, draw.stderr)
        XCTAssertEqual(draw.stderr, "sharecard draw: warning: \(warning)\n")

        try write(#"{"title": "One", "template": "photo", "photo": "odd.jpg"}"# + "\n" + #"{"title": "Two", "template": "photo", "photo": "plain.jpg"}"# + "\n",
                  to: "events.jsonl")
        let batch = try Sharecard.run(["batch", "events.jsonl", "--out", "out", "--jobs", "1"], in: directory)
        XCTAssertEqual(batch.status, 0, batch.stderr)
        XCTAssertEqual(batch.stderrLines.first, Substring("line 1: warning: photo \(warning)"), batch.stderr)
        XCTAssertEqual(batch.stderrLines.count, 2, batch.stderr)
    }

    func testRenderWithAHEICPhoto() throws {
        try copyPhoto("astronaut-landscape.heic", to: "astronaut.heic")
        try copyPhoto("astronaut-landscape.jpg", to: "astronaut.jpg")
        var cards: [Data] = []
        for name in ["astronaut.heic", "astronaut.jpg"] {
            let result = try Sharecard.run(["render", "--title", "One small step", "--template", "photo", "--photo", name, "-o", "\(name).png"],
                                           in: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            cards.append(try Data(contentsOf: URL(fileURLWithPath: path("\(name).png"))))
            XCTAssertEqual(PNGHeader(cards.last!), PNGHeader(width: 1024, height: 576))
        }
        // Decoded from different compressions of one picture: alike, not the same bytes.
        XCTAssertNotEqual(cards[0], cards[1])
        try write("ftypheic but text\n", to: "fake.heic")
        let fake = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "fake.heic", "-o", "out.png"], in: directory)
        XCTAssertEqual(fake.status, 1)
        XCTAssertTrue(fake.stderr.contains("fake.heic: unsupported photo: not a JPEG, PNG, WebP or HEIC file"), fake.stderr)
        let truncated = Array(try Data(contentsOf: Self.photos.appendingPathComponent("astronaut-landscape.heic")).prefix(20_000))
        try Data(truncated).write(to: directory.appendingPathComponent("cut.heic"))
        let cut = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "cut.heic", "-o", "out.png"], in: directory)
        XCTAssertEqual(cut.status, 1)
        XCTAssertTrue(cut.stderr.contains("cut.heic: cannot read photo: corrupt HEIC"), cut.stderr)
    }

    func testBadPhotosAreClearErrors() throws {
        try write("just text\n", to: "fake.jpg")
        let fake = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "fake.jpg", "-o", "out.png"], in: directory)
        XCTAssertEqual(fake.status, 1)
        XCTAssertTrue(fake.stderr.contains("fake.jpg: unsupported photo: not a JPEG, PNG, WebP or HEIC file"), fake.stderr)
        let missing = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "nope.jpg", "-o", "out.png"], in: directory)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("cannot read nope.jpg"), missing.stderr)
        try copyPhoto("rocket-portrait.jpg", to: "rocket.jpg")
        let classic = try Sharecard.run(["render", "--title", "Hello", "--photo", "rocket.jpg", "-o", "out.png"], in: directory)
        XCTAssertEqual(classic.status, 1)
        XCTAssertTrue(classic.stderr.contains("template classic shows no photo"), classic.stderr)
        XCTAssertEqual(try contents(), ["fake.jpg", "rocket.jpg"])
    }

    /// A photo is read whole, so anything readable to its end is read: `/dev/null` is an empty
    /// file, a FIFO gives its writer's bytes; a directory is refused as one.
    func testPhotoPathsThatAreNotRegularFiles() throws {
        func render(_ photo: String) throws -> Sharecard.Result {
            try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", photo, "-o", "out.png"], in: directory)
        }
        let null = try render("/dev/null")
        XCTAssertEqual(null.status, 1)
        XCTAssertTrue(null.stderr.contains("/dev/null: unsupported photo: the file is empty"), null.stderr)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("album"), withIntermediateDirectories: false)
        let folder = try render("album")
        XCTAssertEqual(folder.status, 1)
        XCTAssertTrue(folder.stderr.contains("cannot read album: it is a directory"), folder.stderr)
        let missing = try render("nope.jpg")
        XCTAssertTrue(missing.stderr.contains("cannot read nope.jpg: No such file or directory"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out.png")))

        XCTAssertEqual(mkfifo(path("photo.fifo"), 0o600), 0)
        let jpeg = try Data(contentsOf: Self.photos.appendingPathComponent("rocket-portrait.jpg"))
        let fifoPath = path("photo.fifo")
        let writer = Thread {
            // Blocks until the command opens the FIFO to read it.
            if let handle = FileHandle(forWritingAtPath: fifoPath) {
                handle.write(jpeg)
                try? handle.close()
            }
        }
        writer.start()
        let fifo = try render("photo.fifo")
        XCTAssertEqual(fifo.status, 0, fifo.stderr)
        try copyPhoto("rocket-portrait.jpg", to: "rocket.jpg")
        let file = try Sharecard.run(["render", "--title", "Hello", "--template", "photo", "--photo", "rocket.jpg", "-o", "file.png"], in: directory)
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("out.png"))), try Data(contentsOf: URL(fileURLWithPath: path("file.png"))))
    }

    func testBatchPhotosAreRelativeToTheEventsFile() throws {
        try copyPhoto("rocket-portrait.jpg", to: "jobs/pictures/rocket.jpg")
        try write("not a photo", to: "jobs/pictures/bad.jpg")
        try write("""
            {"id": "with", "title": "Launch day", "template": "photo", "photo": "pictures/rocket.jpg"}
            {"id": "without", "title": "Launch day", "template": "photo"}
            {"id": "bad", "title": "Launch day", "template": "photo", "photo": "pictures/bad.jpg"}
            {"id": "number", "title": "Launch day", "template": "photo", "photo": 7}

            """, to: "jobs/events.jsonl")
        let result = try Sharecard.run(["batch", "jobs/events.jsonl", "--out", "cards", "--jobs", "1"], in: directory)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("line 3"), result.stderr)
        XCTAssertTrue(result.stderr.contains("pictures/bad.jpg: unsupported photo"), result.stderr)
        XCTAssertTrue(result.stderr.contains("photo: must be a file path"), result.stderr)
        XCTAssertEqual(try contents(of: "cards").filter { $0.hasSuffix(".png") }, ["with.png", "without.png"])
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: path("cards/with.png"))),
                          try Data(contentsOf: URL(fileURLWithPath: path("cards/without.png"))))
    }

    /// Lines that come from standard input or a pipe have no folder of their own: their photos
    /// are read from the current folder whether the lines are named `-` or `/dev/stdin`
    /// (which used to read `/dev/pictures/rocket.jpg`).
    func testBatchPhotosFromStandardInputAreRelativeToTheCurrentFolder() throws {
        try copyPhoto("rocket-portrait.jpg", to: "pictures/rocket.jpg")
        let line = Data(#"{"id": "with", "title": "Launch day", "template": "photo", "photo": "pictures/rocket.jpg"}"#.utf8 + [0x0A])
        var cards: [Data] = []
        for (name, folder) in [("-", "a"), ("/dev/stdin", "b")] {
            let result = try Sharecard.run(["batch", name, "--out", folder], stdin: line, in: directory)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            cards.append(try Data(contentsOf: URL(fileURLWithPath: path(folder + "/with.png"))))
        }
        XCTAssertEqual(cards[0], cards[1])
    }

    /// A batch line's photo comes from data, not from the user: a FIFO there (nobody writing
    /// it) or a device is refused by name at once, where the batch used to wait on it for good.
    func testABatchLinesPhotoMustBeARegularFile() throws {
        try FileManager.default.createDirectory(atPath: path("jobs"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(path("jobs/waiting.jpg"), 0o600), 0)
        try write("""
            {"id": "fifo", "title": "Launch day", "template": "photo", "photo": "waiting.jpg"}
            {"id": "device", "title": "Launch day", "template": "photo", "photo": "/dev/zero"}
            {"id": "fine", "title": "Launch day"}

            """, to: "jobs/events.jsonl")
        let started = Date()
        let result = try Sharecard.run(["batch", "jobs/events.jsonl", "--out", "cards", "--jobs", "1"], in: directory, timeout: 30)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("line 1: cannot read jobs/waiting.jpg: not a regular file (a FIFO)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("line 2: cannot read /dev/zero: not a regular file (a character device)"), result.stderr)
        XCTAssertEqual(try contents(of: "cards").filter { $0.hasSuffix(".png") }, ["fine.png"])
    }
}
