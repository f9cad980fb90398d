import Foundation
import XCTest

/// `render`, `batch`, `palettes` and `templates` through the real executable.
final class CardCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("cards-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Decodes an RGB or indexed PNG with ImageMagick-free means: Python's zlib, from the
    /// standard library, as an independent decoder. Returns rows of (r, g, b).
    func pixels(_ png: URL) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let script = """
            import sys, zlib, struct
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
            pos, idat, w, h, plte = 8, b'', 0, 0, b''
            while pos < len(data):
                n = struct.unpack('>I', data[pos:pos+4])[0]; t = data[pos+4:pos+8]; body = data[pos+8:pos+8+n]
                if t == b'IHDR':
                    w, h, depth, ctype = struct.unpack('>IIBB', body[:10]); assert (depth, ctype) == (8, 2) or ctype == 3
                if t == b'PLTE': plte = body
                if t == b'IDAT': idat += body
                pos += 12 + n
            bpp = 3 if ctype == 2 else 1
            raw = zlib.decompress(idat); stride = w * 3 if ctype == 2 else (w * depth + 7) // 8; out = bytearray(); prev = bytearray(stride)
            for y in range(h):
                f = raw[y*(stride+1)]; line = bytearray(raw[y*(stride+1)+1:(y+1)*(stride+1)])
                for x in range(stride):
                    a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
                    if f == 1: line[x] = (line[x] + a) & 255
                    elif f == 2: line[x] = (line[x] + b) & 255
                    elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
                    elif f == 4:
                        p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                prev = line
                if ctype == 2:
                    out += line
                else:
                    for x in range(w):
                        i = (line[x * depth // 8] >> (8 - depth - (x * depth) % 8)) & ((1 << depth) - 1)
                        out += plte[3*i:3*i+3]
            sys.stdout.write('%d %d\\n' % (w, h)); sys.stdout.flush(); sys.stdout.buffer.write(bytes(out))
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, png.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let newline = data.firstIndex(of: 0x0A)!
        let header = String(decoding: data[..<newline], as: UTF8.self).split(separator: " ").map { Int($0)! }
        return (header[0], header[1], Array(data[(newline + 1)...]))
    }

    /// The issue's example: purple background, title centred in (40, 140, 944, 300).
    func testRenderTheClassicCard() throws {
        let out = dir.appendingPathComponent("card.png")
        let r = try Sharecard.run(["render", "--title", "Our first apartment together", "--color", "user_purple", "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try pixels(out)
        XCTAssertEqual(image.width, 1024)
        XCTAssertEqual(image.height, 576)
        let purple: [UInt8] = [0x7b, 0x43, 0x97]
        XCTAssertEqual(Array(image.rgb[0..<3]), purple, "background is the palette colour")
        var minX = Int.max, maxX = 0, minY = Int.max, maxY = 0
        for y in 0..<576 {
            for x in 0..<1024 where Array(image.rgb[(y * 1024 + x) * 3..<(y * 1024 + x) * 3 + 3]) != purple {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        XCTAssertGreaterThanOrEqual(minX, 40)
        XCTAssertLessThanOrEqual(maxX, 984)
        XCTAssertGreaterThanOrEqual(minY, 140)
        XCTAssertLessThanOrEqual(maxY, 440)
        XCTAssertEqual(Double(minX + maxX) / 2, 512, accuracy: 2, "centred horizontally")
        XCTAssertEqual(Double(minY + maxY) / 2, 290, accuracy: 12, "centred vertically (ink, not line box)")
    }

    func testShareTextAndScale() throws {
        let out = dir.appendingPathComponent("c.png")
        let r = try Sharecard.run(["render", "--title", "Moving day", "--date", "2024-06-01", "--emoji", "📦", "--scale", "2", "-o", out.path, "--share-text"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), "📦 Moving day — June 1, 2024\n")
        let bytes = try Data(contentsOf: out)
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        XCTAssertEqual([be32(16), be32(20)], [2048, 1152])
    }

    func testRenderFromEventFileAndStdin() throws {
        let event = dir.appendingPathComponent("e.json")
        try Data(#"{"title": "From a file", "template": "dated", "date": "2024-01-02"}"#.utf8).write(to: event)
        XCTAssertEqual(try Sharecard.run(["render", "--event", event.path, "-o", dir.appendingPathComponent("a.png").path]).status, 0)
        let r = try Sharecard.run(["render", "--event", "-", "-o", "-"], stdin: Data(#"{"title": "stdin"}"#.utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(r.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testRenderErrorsNameTheProblemAndWriteNothing() throws {
        let out = dir.appendingPathComponent("x.png")
        let cases: [([String], Int32, String)] = [
            (["--title", "x", "--color", "user_pink"], 2, "unknown colour \"user_pink\""),
            (["--title", "x", "--template", "fancy"], 2, "unknown template \"fancy\""),
            (["--title", "x", "--palette", "neon"], 2, "unknown palette \"neon\""),
            (["--title", "  "], 2, "--title: must not be empty or blank"),
            (["--title", "x", "--date", "yesterday"], 2, "--date: expected an ISO 8601 date"),
            (["--title", "x", "--scale", "4"], 2, "--scale must be a whole number from 1 to 3"),
            (["--color", "user_red"], 2, "missing --title"),
            (["--title", String(repeating: "a", count: 501)], 2, "over the limit of 500"),
        ]
        for (args, status, message) in cases {
            let r = try Sharecard.run(["render"] + args + ["-o", out.path])
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stderrLines.count, 1, r.stderr)
        }
        let bad = dir.appendingPathComponent("bad.json")
        try Data("{\"title\": ".utf8).write(to: bad)
        let r = try Sharecard.run(["render", "--event", bad.path, "-o", out.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.json: malformed JSON"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["bad.json"])
    }

    /// Good lines written, bad ones reported by line number, the batch goes on, exit 1; a
    /// second run skips the finished cards.
    func testBatchMixingGoodAndBadLines() throws {
        let lines = [
            ##"{"title": "First", "date": "2024-06-01"}"##,
            #"{"title": ""}"#,
            "",
            #"{"title": "Third", "template": "dated", "date": "2024-06-02"}"#,
            #"{"title": "broken"#,
            #"{"id": "named-card", "title": "Named", "color": "user_red"}"#,
            #"{"title": "x", "color": "user_pink"}"#,
            #"{"id": "../escape", "title": "x"}"#,
        ]
        let input = dir.appendingPathComponent("events.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let out = dir.appendingPathComponent("out")
        let r = try Sharecard.run(["batch", input.path, "--out", out.path, "--jobs", "2"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("line 2: title: must not be empty or blank"), r.stderr)
        XCTAssertTrue(r.stderr.contains("line 5: malformed JSON"), r.stderr)
        XCTAssertTrue(r.stderr.contains("line 7: color: unknown colour \"user_pink\""), r.stderr)
        XCTAssertTrue(r.stderr.contains("line 8: id: must be"), r.stderr)
        XCTAssertTrue(r.stderr.contains("7 events: 3 written, 0 unchanged, 4 failed"), r.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertEqual(files, ["000001.png", "000004.png", "named-card.png"])

        let again = try Sharecard.run(["batch", input.path, "--out", out.path])
        XCTAssertTrue(again.stderr.contains("7 events: 0 written, 3 unchanged, 4 failed"), again.stderr)
        // A damaged output is rendered again.
        try Data([0x89, 0x50]).write(to: out.appendingPathComponent("000001.png"))
        let third = try Sharecard.run(["batch", input.path, "--out", out.path])
        XCTAssertTrue(third.stderr.contains("1 written, 2 unchanged"), third.stderr)
    }

    func testPalettesAndTemplatesCommands() throws {
        let list = try Sharecard.run(["palettes", "list"])
        XCTAssertEqual(list.status, 0)
        for name in ["default", "gradients", "dark", "pastel"] { XCTAssertTrue(String(decoding: list.stdout, as: UTF8.self).contains(name)) }
        let show = String(decoding: try Sharecard.run(["palettes", "show", "default"]).stdout, as: UTF8.self)
        // Levels judged on the unrounded ratio: white on #7b4397 is 6.79:1 (AA), on #3d7fc4 4.17:1.
        XCTAssertTrue(show.contains("user_purple       #7b4397                     #ffffff     6.79          AA\n"), show)
        XCTAssertTrue(show.contains("user_light_blue   #3d7fc4                     #ffffff     4.17          AA large text\n"), show)
        XCTAssertFalse(show.contains("FAIL"))
        XCTAssertEqual(try Sharecard.run(["palettes", "show", "neon"]).status, 2)
        let sheet = dir.appendingPathComponent("sheet.png")
        XCTAssertEqual(try Sharecard.run(["palettes", "preview", "dark", "-o", sheet.path]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: sheet.path))

        let templates = String(decoding: try Sharecard.run(["templates", "list"]).stdout, as: UTF8.self)
        for name in ["classic", "dated", "gradient", "pattern", "photo", "portrait", "snapshot"] { XCTAssertTrue(templates.contains(name), name) }
        let listJSON = try Sharecard.run(["templates", "list", "--json"])
        XCTAssertEqual(listJSON.status, 2, listJSON.stderr)
        XCTAssertTrue(listJSON.stderr.hasPrefix("sharecard templates: --json is for 'templates show NAME'"), listJSON.stderr)
        XCTAssertTrue(String(decoding: try Sharecard.run(["templates", "show", "classic"]).stdout, as: UTF8.self).contains("\"top\": \"140/576\", \"height\": \"300/576\""))
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"name": "bad", "size": [100, 100], "elements": [{"type": "blob"}]}"#.utf8).write(to: bad)
        let v = try Sharecard.run(["templates", "validate", bad.path])
        XCTAssertEqual(v.status, 1)
        XCTAssertTrue(v.stderr.contains("elements[0]: unknown element type \"blob\""), v.stderr)
    }
}
