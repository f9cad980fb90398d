import Cards
import Foundation
import Raster
import Scene
import Typesetting

/// Image encoding on a corpus of real cards: every PNG setting tried (libdeflate levels, row
/// filters, palette), the old encoders, and JPEG/WebP, beside Pillow and cairo encoding the same
/// pixels in the same run. Sizes in bytes, times as medians.
enum EncodeBench {
    /// A card of the corpus: its pixels and its resolved scene (whose `content` picks a JPEG's tables).
    typealias CorpusCard = (name: String, image: Image, scene: ResolvedScene)

    static func corpus(root: URL) throws -> [CorpusCard] {
        let catalog = try Catalog(palettesDirectory: root.appendingPathComponent("palettes"),
                                  templatesDirectory: root.appendingPathComponent("templates"))
        let renderer = CardRenderer(fonts: try FontLibrary(directory: root.appendingPathComponent("fonts").path))
        let events: [(String, Event)] = try [
            ("flat", Event(title: "Our first apartment together")),
            ("three-line", Event(title: TypesettingBench.title)),
            ("mixed-script", Event(title: "Trip to 東京 and ירושלים with the family 👨‍👩‍👧 🎉")),
            ("gradient", Event(title: "Summer solstice picnic", emoji: "🌞", palette: "gradients", template: "gradient")),
            ("pattern", Event(title: "Ten years of the book club", template: "pattern")),
            // Rows the scanline compressor cannot match: a 135° gradient behind a title, a grid of dots.
            ("gradient-classic", Event(title: "Our first apartment together", palette: "gradients")),
            ("snapshot", Event(title: "Our first apartment together", template: "snapshot")),
            ("photo", Event(title: "Coffee with the whole team", template: "photo")),
            ("grey-photo", Event(title: "Behind the camera at the film school", template: "photo")),
        ]
        // A grey photo has few colours (the title's and 256 greys): a card kind that only its
        // compression, not its colour count, tells from a card of text.
        let grey = try Data(contentsOf: root.appendingPathComponent("Tests/FacesTests/Fixtures/camera.png"))
        return try events.map { name, event in
            var card = try Card(event, catalog: catalog)
            if name == "grey-photo" { card.photo = try EventPhoto(data: [UInt8](grey), template: card.template, size: card.canvasSize, scale: 1) }
            let rendered = try renderer.render(card)
            return (name, rendered.canvas.makeImage(), rendered.resolved.scene)
        }
    }

    /// The scanline compressor's stream as a share of the filtered rows it codes (RGB, no
    /// filter), per card: what `scanlinesFallbackPerMille` is compared with.
    static func scanlineShares(_ cards: [CorpusCard]) throws -> String {
        let scanlines = PNGEncoding.deflate(.init(rgb: .scanlines(filter: .none), indexed: nil))
        return try cards.map { card in
            let rows = card.image.height * (3 * card.image.width + 1)
            // PNG framing around the stream: signature, IHDR, IDAT and IEND chunks, zlib's 6 bytes.
            let stream = try card.image.pngData(encoding: scanlines).count - 8 - 25 - 12 - 12
            return "\(card.name) \(stream * 1000 / rows)‰"
        }.joined(separator: ", ")
    }

    typealias Encoder = (String, (Image) throws -> [UInt8])

    static func pngSettings() throws -> [Encoder] {
        typealias D = PNGEncoding.DeflateSettings
        func deflate(_ name: String, rgb: D.Rows, indexed: D.Rows?) -> Encoder {
            let encoding = PNGEncoding.deflate(D(rgb: rgb, indexed: indexed))
            return (name, { try $0.pngData(encoding: encoding) })
        }
        var settings: [Encoder] = [
            ("cards default (PNGEncoding.cards)", { try $0.pngData() }),
            ("libpng adaptive, zlib 6", { try $0.pngData(encoding: .libpng(try .init(zlibLevel: 6, filter: .adaptive))) }),
        ]
        for filter in D.RowFilter.allCases {
            settings.append(deflate("RGB: libdeflate 6, \(filter.rawValue)", rgb: try .init(level: 6, filter: filter), indexed: nil))
        }
        for level in [1, 2, 3, 4, 5, 7, 8, 9, 12] {
            settings.append(deflate("RGB: libdeflate \(level), minimum-sum", rgb: try .init(level: level, filter: .minimumSum), indexed: nil))
        }
        for level in [4, 5, 8] {
            settings.append(deflate("RGB: libdeflate \(level), repeat-flat-or-paeth", rgb: try .init(level: level, filter: .repeatFlatOrPaeth), indexed: nil))
        }
        for filter in [D.RowFilter.none, .sub, .up, .repeatFlatOrPaeth] {
            settings.append(deflate("RGB: scanlines, \(filter.rawValue)", rgb: .scanlines(filter: filter), indexed: nil))
        }
        // The photo tier's candidates below level 6 (levels 6–8 follow).
        for level in [3, 4, 5] {
            for filter in [D.RowFilter.up, .paeth, .average] {
                settings.append(deflate("RGB: libdeflate \(level), \(filter.rawValue)", rgb: try .init(level: level, filter: filter), indexed: nil))
            }
        }
        for level in [6, 7, 8] {
            for filter in [D.RowFilter.up, .minimumSum, .none, .paeth, .average, .shiftedOrUp] {
                settings.append(deflate("RGB: libdeflate \(level), \(filter.rawValue)", rgb: try .init(level: level, filter: filter), indexed: nil))
            }
        }
        let cards = D.cards
        for bound in [20, 50, 100, 150, 200, 300, 1000] {
            let tiers = try D(rgb: cards.rgb, indexed: cards.indexed, manyColours: cards.manyColours, photoColours: cards.photoColours!,
                              scanlinesFallbackPerMille: bound == 1000 ? nil : bound)
            settings.append((bound == 1000 ? "cards, never falling back from scanlines (before)" : "cards, scanlines over \(bound)‰ of the rows → photo tier",
                             { try $0.pngData(encoding: .deflate(tiers)) }))
        }
        // The deflate check (encoder revision 5): off, as the default has it, and around its bound, level and share.
        let off = cards.withDeflateCheck(nil)
        settings.append(("cards without the deflate check (revision 4)", { try $0.pngData(encoding: .deflate(off)) }))
        for (bound, level, percent) in [(8, 6, 80), (16, 6, 67), (16, 6, 90), (16, 7, 80), (16, 4, 80)] {
            let variant = cards.withDeflateCheck(try .init(abovePerMille: bound, level: level, atMostPercent: percent))
            settings.append(("cards, deflate check over \(bound)‰ at libdeflate \(level), ≤ \(percent) %", { try $0.pngData(encoding: .deflate(variant)) }))
        }
        settings.append(deflate("indexed if ≤ 256 colours: scanlines, none", rgb: D.cards.rgb, indexed: .scanlines(filter: .none)))
        for (level, filter) in [(1, D.RowFilter.none), (6, .none), (9, .none), (4, .minimumSum)] {
            settings.append(deflate("indexed if ≤ 256 colours: libdeflate \(level), \(filter.rawValue)",
                                    rgb: D.cards.rgb, indexed: try .init(level: level, filter: filter)))
        }
        let indexed = try D.Rows(level: 4, filter: .none)
        let minimumSum = D.RowFilter.minimumSum, none = D.RowFilter.none
        for (rgb, filter, above, many) in [(4, none, 4096, 8), (5, none, 4096, 8), (6, none, 1024, 8), (6, none, 4096, 7),
                                           (6, none, 4096, 9), (6, none, 16384, 8), (6, minimumSum, 4096, 8)] {
            let tiers = D(rgb: try .init(level: rgb, filter: filter), indexed: indexed,
                          manyColours: try .init(above: above, rows: .init(level: many, filter: .minimumSum)))
            settings.append(("indexed L4; RGB L\(rgb) \(filter.rawValue) ≤ \(above) colours, else L\(many) minimum-sum",
                             { try $0.pngData(encoding: .deflate(tiers)) }))
        }
        let before = D(rgb: D.cards.rgb, indexed: D.cards.indexed, manyColours: try .init(above: 4096, rows: .init(level: 8, filter: .up)))
        settings.append(("scanlines ≤ 4096 colours, L8 up above (before the gradient and photo tiers)", { try $0.pngData(encoding: .deflate(before)) }))
        settings.append(("indexed L4; RGB L6 none ≤ 4096 colours, else L8 minimum-sum (before)",
                         { try $0.pngData(encoding: .deflate(D(rgb: try .init(level: 6, filter: .none), indexed: indexed,
                                                               manyColours: try .init(above: 4096, rows: .init(level: 8, filter: .minimumSum))))) }))
        settings.append(("indexed L4 none, else RGB L8 minimum-sum (before that)",
                         { try $0.pngData(encoding: .deflate(D(rgb: try .init(level: 8, filter: .minimumSum), indexed: indexed))) }))
        return settings
    }

    static func lossySettings() throws -> [Encoder] {
        var settings: [Encoder] = []
        for (quality, subsampling) in [(90, JPEGEncoding.ChromaSubsampling.none444), (90, .both420), (80, .none444)] {
            for tables in JPEGEncoding.HuffmanTables.allCases {
                let e = try JPEGEncoding(quality: quality, subsampling: subsampling, huffmanTables: tables)
                settings.append(("JPEG q\(quality) \(subsampling.rawValue), \(tables.rawValue) tables", { try $0.jpegData(encoding: e) }))
            }
        }
        for (lossless, quality, method) in [(false, 90, 4), (false, 80, 4), (false, 90, 2), (true, 75, 4), (true, 25, 1)] {
            let e = try WebPEncoding(lossless: lossless, quality: quality, method: method)
            settings.append(("WebP \(lossless ? "lossless, effort" : "lossy q")\(quality) m\(method)", { try $0.webpData(encoding: e) }))
        }
        return settings
    }

    /// `bench/peer_encode.py` (with `options`) on the cards' pixels, written as PNG files for it.
    static func runPeers(_ cards: [CorpusCard], options: [String], root: URL) throws -> [String: Double] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-encode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var files: [String] = []
        for (i, card) in cards.enumerated() {
            let path = scratch.appendingPathComponent("\(i).png").path
            try Data(try card.image.pngData(encoding: .libpng(try .init(zlibLevel: 1, filter: .none)))).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        return runPeer(root.appendingPathComponent("bench/peer_encode.py").path, arguments: options + files) ?? [:]
    }

    static func run(iterations: Int, root: URL) throws {
        let cards = try corpus(root: root)
        let peer = try runPeers(cards, options: ["--iterations", String(iterations)], root: root)
        let columns = cards.map(\.name)
        print("\nDistinct colours: " + cards.map { "\($0.name) \(Set($0.image.premultipliedARGB).count)" }.joined(separator: ", "))
        print("Scanline stream per filtered row byte (RGB, unfiltered): " + (try scanlineShares(cards)))
        let pngBaseline = (0..<cards.count).map { peer["bytes\tpillow-png\t\($0)"] }
        try printMatrix("PNG: bytes (× Pillow default) and median ms per card", columns, try pngSettings(), cards, iterations,
                        peers: ["pillow-png": "Pillow save(PNG) default", "pillow-png-optimize": "Pillow optimize=True", "cairo-png": "cairo write_to_png"],
                        peer: peer, baseline: pngBaseline)
        try printMatrix("JPEG and WebP: bytes (× Pillow's same setting where there is one) and median ms", columns, try lossySettings(), cards, iterations,
                        peers: ["pillow-jpeg-q90-444": "Pillow JPEG q90 4:4:4", "pillow-jpeg-q90-444-optimize": "Pillow JPEG q90 4:4:4 optimize=True",
                                "pillow-jpeg-q90-420": "Pillow JPEG q90 4:2:0",
                                "pillow-webp-q90": "Pillow WebP q90 m4", "pillow-webp-lossless": "Pillow WebP lossless q75 m4"],
                        peer: peer, baseline: Array(repeating: nil, count: cards.count))
        if peer.isEmpty { print("\n(encode peers not run: `scripts/setup --bench` installs Pillow and cairo)") }
    }

    static func printMatrix(_ title: String, _ columns: [String], _ settings: [Encoder], _ cards: [CorpusCard],
                            _ iterations: Int, peers: KeyValuePairs<String, String>, peer: [String: Double], baseline: [Double?]) throws {
        print("\n## \(title)\n")
        print("| setting | " + columns.joined(separator: " | ") + " |")
        print("|---|" + String(repeating: "---:|", count: columns.count))
        func cell(_ bytes: Double?, _ ms: Double?, _ i: Int) -> String {
            guard let bytes, let ms else { return "–" }
            let ratio = baseline[i].map { String(format: " (%.2f×)", bytes / $0) } ?? ""
            return String(format: "%.0f%@ %.2f ms", bytes, ratio, ms)
        }
        for (name, encode) in settings {
            var cells: [String] = []
            for (i, card) in cards.enumerated() {
                let bytes = try encode(card.image).count
                let m = try measure(name, iterations: iterations) { _ = try encode(card.image) }
                cells.append(cell(Double(bytes), m.medianMilliseconds, i))
            }
            print("| \(name) | " + cells.joined(separator: " | ") + " |")
        }
        for (key, label) in peers {
            let cells = (0..<cards.count).map { cell(peer["bytes\t\(key)\t\($0)"], peer["ms\t\(key)\t\($0)"], $0) }
            print("| \(label) | " + cells.joined(separator: " | ") + " |")
        }
    }
}
