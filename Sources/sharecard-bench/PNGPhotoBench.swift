import Cards
import Foundation
import Raster
import Typesetting

/// The PNG encoder's photo tier on the photo cards users make: the photo and portrait templates
/// (1024×576) with the test photos, every libdeflate level 1–9 and zlib's run-length strategy
/// × every row filter, the tiers before and now, bytes and median ms, beside Pillow's PNG
/// writer on the same pixels at compress_level 1, 6 (its default) and 9 in the same run. The
/// corpus is also written, as PNG, to `.build/bench-png-photo/` for other tools to read.
enum PNGPhotoBench {
    static let fixtures = "Tests/CardsTests/Fixtures/", faceFixtures = "Tests/FacesTests/Fixtures/"

    /// (card name, template, photo file relative to the root; nil: the 12 MP bench photo).
    static let cards: [(name: String, template: String, photo: String?)] = [
        ("photo/three-faces", "photo", fixtures + "three-faces.jpg"),
        ("photo/faces-bench", "photo", ".build/bench-photo-faces.jpg"),
        ("photo/12mp", "photo", nil),
        ("photo/grey", "photo", faceFixtures + "camera.png"),
        ("photo/small-portrait", "photo", fixtures + "rocket-portrait.jpg"),
        ("photo/landscape", "photo", fixtures + "astronaut-landscape.jpg"),
        ("photo/no-face", "photo", faceFixtures + "chelsea.png"),
        ("portrait/three-faces", "portrait", fixtures + "three-faces.jpg"),
        ("portrait/12mp", "portrait", nil),
        ("portrait/grey", "portrait", faceFixtures + "camera.png"),
        ("portrait/small-portrait", "portrait", fixtures + "rocket-portrait.jpg"),
        ("portrait/tall", "portrait", faceFixtures + "obama2.png"),
    ]

    static func corpus(root: URL) throws -> [(name: String, image: Image)]? {
        guard let large = PhotoBench.largePhotoPath(root: root) else { return nil }
        _ = try PhotoBench.facesPhotoPath(root: root)
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: root.appendingPathComponent("fonts").path))
        return try cards.map { name, template, photo in
            let path = photo.map { root.appendingPathComponent($0).path } ?? large
            var card = try Card(try Event(title: "Coffee with the whole team", template: template), catalog: catalog)
            card.photo = try EventPhoto(data: Array(try Data(contentsOf: URL(fileURLWithPath: path))), template: card.template,
                                        size: card.canvasSize, scale: 1)
            return (name, try renderer.render(card).canvas.makeImage())
        }
    }

    static func run(iterations: Int, root: URL) throws {
        guard let cards = try corpus(root: root) else {
            print("\n(png-photo stage skipped: Pillow is needed to make the bench photo; run scripts/setup --bench)")
            return
        }
        let directory = root.appendingPathComponent(".build/bench-png-photo")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var files: [String] = []
        for (i, card) in cards.enumerated() {
            let path = directory.appendingPathComponent("\(i)-\(card.name.replacingOccurrences(of: "/", with: "-")).png").path
            try Data(try card.image.pngData(encoding: .libpng(try .init(zlibLevel: 1, filter: .none)))).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let peer = runPeer(root.appendingPathComponent("bench/peer_encode.py").path,
                           arguments: ["--iterations", String(iterations), "--png-levels"] + files) ?? [:]
        let pillow6 = (0..<cards.count).map { peer["bytes\tpillow-png-6\t\($0)"] }

        typealias D = PNGEncoding.DeflateSettings
        let now = D.cards
        // The tiers as they were before 2026-12-01: photos at libdeflate 7, UP.
        let before = try D(rgb: now.rgb, indexed: now.indexed, manyColours: now.manyColours,
                           photoColours: try .init(above: 32768, rows: .init(level: 7, filter: .up)), scanlinesFallbackPerMille: 100)
        // The photo tier from 2026-12-01 to 2026-12-03: zlib's run-length strategy.
        let zlibRuns = try D(rgb: now.rgb, indexed: now.indexed, manyColours: now.manyColours,
                             photoColours: try .init(above: 32768, rows: .runLength(filter: .repeatFlatOrPaeth)),
                             photoAlternative: now.photoAlternative, scanlinesFallbackPerMille: 100)
        var settings: [(name: String, slow: Bool, encode: (Image) throws -> [UInt8])] = [
            ("cards (PNGEncoding.cards)", false, { try $0.pngData() }),
            ("cards before 2026-12-03 (photo tier zlib run-length)", false, { try $0.pngData(encoding: .deflate(zlibRuns)) }),
            ("cards before 2026-12-01 (photo tier libdeflate 7, up)", false, { try $0.pngData(encoding: .deflate(before)) }),
        ]
        for level in 1...9 {
            for filter in D.RowFilter.allCases {
                let encoding = PNGEncoding.deflate(D(rgb: try .init(level: level, filter: filter), indexed: nil))
                settings.append(("libdeflate \(level), \(filter.rawValue)", level >= 8, { try $0.pngData(encoding: encoding) }))
            }
        }
        for filter in D.RowFilter.allCases {
            let encoding = PNGEncoding.deflate(D(rgb: .runLength(filter: filter), indexed: nil))
            settings.append(("zlib run-length, \(filter.rawValue)", false, { try $0.pngData(encoding: encoding) }))
            let blocks = PNGEncoding.deflate(D(rgb: .runBlocks(filter: filter), indexed: nil))
            settings.append(("scanline run blocks, \(filter.rawValue)", false, { try $0.pngData(encoding: blocks) }))
        }
        // The photo tier with a second setting, chosen per image by a sample of the rows.
        for (filter, level) in [(D.RowFilter.repeatFlatOrPaeth, 3), (.repeatFlatOrPaeth, 4), (.repeatFlatOrPaeth, 5), (.minimumSum, 4)] {
            let tiers = try D(rgb: now.rgb, indexed: now.indexed, manyColours: now.manyColours,
                              photoColours: try .init(above: 32768, rows: .runLength(filter: filter)),
                              photoAlternative: try .init(level: level, filter: .up), scanlinesFallbackPerMille: 100)
            settings.append(("cards with photos at zlib run-length, \(filter.rawValue), or libdeflate \(level), up by a sample", false,
                             { try $0.pngData(encoding: .deflate(tiers)) }))
        }
        print("\n## PNG of photo cards: bytes (× Pillow compress_level=6) and median ms\n")
        print("Cards: " + cards.map { "\($0.name) \(Set($0.image.premultipliedARGB).count) colours" }.joined(separator: ", "))
        print("\n| setting | " + cards.map(\.name).joined(separator: " | ") + " | worst × Pillow 6 | total bytes | total ms |")
        print("|---|" + String(repeating: "---:|", count: cards.count + 3))
        func row(_ name: String, _ bytes: [Double?], _ ms: [Double?]) {
            var cells: [String] = []
            var worst = 0.0, totalBytes = 0.0, totalMs = 0.0
            for i in cards.indices {
                guard let b = bytes[i], let m = ms[i] else { cells.append("–"); continue }
                let ratio = pillow6[i].map { b / $0 }
                if let ratio { worst = max(worst, ratio) }
                totalBytes += b
                totalMs += m
                cells.append(String(format: "%.0f%@ %.2f", b, ratio.map { String(format: " (%.3f×)", $0) } ?? "", m))
            }
            print("| \(name) | " + cells.joined(separator: " | ") + String(format: " | %.3f× | %.0f | %.1f |", worst, totalBytes, totalMs))
        }
        for setting in settings {
            var bytes: [Double?] = [], ms: [Double?] = []
            for card in cards {
                bytes.append(Double(try setting.encode(card.image).count))
                // Levels 8 and 9 take 0.2–0.5 s a card: fewer runs.
                ms.append(try measure(setting.name, iterations: setting.slow ? max(1, iterations / 3) : iterations) {
                    _ = try setting.encode(card.image)
                }.medianMilliseconds)
            }
            row(setting.name, bytes, ms)
        }
        for level in [1, 6, 9] {
            let key = "pillow-png-\(level)"
            row("Pillow compress_level=\(level)\(level == 6 ? " (default)" : "")",
                (0..<cards.count).map { peer["bytes\t\(key)\t\($0)"] }, (0..<cards.count).map { peer["ms\t\(key)\t\($0)"] })
        }
        if peer.isEmpty { print("\n(Pillow not run: `scripts/setup --bench` installs it)") }
    }
}
