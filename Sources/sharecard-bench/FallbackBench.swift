import Foundation
import JSONData
import Typesetting

/// The cost of the fallback chain: analysing, shaping and fitting a mixed-script title with
/// the full fallback set (about 150 families, chosen per script from a table) beside the
/// chain of the shipped faces and Noto Sans CJK alone (the set before `fonts-noto-core`), and
/// beside PangoCairo fitting the same title with fontconfig's fallback, in the same run.
enum FallbackBench {
    /// Scripts both sets cover, so the two chains do the same work.
    static let mixedTitle = "Happy Birthday 生日快乐 عيد ميلاد سعيد जन्मदिन 🎂 Χρόνια πολλά שמח"
    /// Scripts only the full set covers.
    static let newScriptsTitle = "শুভ জন্মদিন · பிறந்தநாள் வாழ்த்துக்கள் · መልካም ልደት · გილოცავ"

    static func run(iterations: Int, root: URL, peerScript: String) throws {
        let full = try FontLibrary(directory: root.appendingPathComponent("fonts").path)
        let (shippedOnly, scratch) = try shippedOnlyLibrary(root: root)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let attributes = try TextAttributes(sizeInPoints: 60, color: .white)
        let options = try TextLayoutOptions(width: 944, height: 300, maxLines: 3, minimumScaleFactor: 0.3)
        var rows: [Measurement] = []

        for (name, library) in [("full fallback set", full), ("shipped faces + CJK only", shippedOnly)] {
            var layout: TextLayout?
            var row = try measure("mixed title, \(name) (\(library.entries.count) faces)", iterations: iterations) {
                layout = TextLayout(try Paragraph(AttributedText(mixedTitle, attributes: attributes), library: library), options: options)
            }
            row.note = String(format: "%.2f pt, %d missing", layout!.fontSizeInPoints, layout!.missingGlyphs.count)
            rows.append(row)
        }
        rows.append(Measurement(name: "  ratio full ÷ shipped-only", medianMilliseconds: rows[0].medianMilliseconds / rows[1].medianMilliseconds,
                                iterations: 0, note: "(a ratio, not ms)"))
        for (name, library) in [("full fallback set", full), ("shipped faces + CJK only", shippedOnly)] {
            var layout: TextLayout?
            var row = try measure("Bengali/Tamil/Ethiopic/Georgian title, \(name)", iterations: iterations) {
                layout = TextLayout(try Paragraph(AttributedText(newScriptsTitle, attributes: attributes), library: library), options: options)
            }
            row.note = String(format: "%.2f pt, %d missing", layout!.fontSizeInPoints, layout!.missingGlyphs.count)
            rows.append(row)
        }
        if let peer = runPeer(peerScript, arguments: ["--iterations", String(iterations), "--title", mixedTitle]),
           let fit = peer["fit_mixed"] {
            rows.append(Measurement(name: "PangoCairo fit of the mixed title (bisection to 0.1 pt)", medianMilliseconds: fit,
                                    iterations: iterations,
                                    note: String(format: "%.2f pt; ratio %.2f (PangoCairo ÷ sharecard, full set)", peer["fitted_size_mixed"] ?? 0,
                                                 fit / rows[0].medianMilliseconds)))
        } else {
            rows.append(Measurement(name: "PangoCairo peer not run (scripts/setup --bench)", medianMilliseconds: .nan, iterations: 0))
        }
        printTable("Fallback (mixed-script title, 944×300 pt, ≤ 3 lines)", rows)
    }

    /// A library of the repository's manifest (`fonts.json` and its optional part, as one
    /// file) without the `fonts-noto-core` faces, in a scratch directory (shipped files
    /// referred to by absolute path).
    static func shippedOnlyLibrary(root: URL) throws -> (FontLibrary, URL) {
        let fonts = root.appendingPathComponent("fonts")
        func object(_ name: String) throws -> (members: [JSONValue.Member], faces: [JSONValue], fallback: [JSONValue]) {
            let bytes = Array(try Data(contentsOf: fonts.appendingPathComponent(name)))
            guard case .object(let members)? = try? JSONValue.parse(bytes),
                  case .array(let faces)? = JSONValue.object(members)["faces"],
                  case .array(let fallback)? = JSONValue.object(members)["fallback"] else {
                throw BenchError("fonts/\(name) is not a manifest")
            }
            return (members, faces, fallback)
        }
        func string(_ value: JSONValue, _ key: String) -> String? {
            if case .string(let text)? = value[key] { return text }
            return nil
        }
        let manifest = try object("fonts.json")
        var faces = manifest.faces, fallback = manifest.fallback
        if let name = string(.object(manifest.members), "optional") {
            let part = try object(name)
            faces += part.faces
            fallback += part.fallback
        }
        let kept = faces.filter { string($0, "path")?.hasPrefix("/usr/share/fonts/truetype/noto/") != true }.map { face -> JSONValue in
            guard case .object(let members) = face, let file = string(face, "file") else { return face }
            return .object(members.map { $0.key == "file" ? JSONValue.Member(key: "path", value: .string(fonts.appendingPathComponent(file).path)) : $0 })
        }
        let families = Set(kept.compactMap { string($0, "family") })
        let members = manifest.members.filter { $0.key != "optional" }.map { member -> JSONValue.Member in
            switch member.key {
            case "faces": return JSONValue.Member(key: "faces", value: .array(kept))
            case "fallback": return JSONValue.Member(key: "fallback", value: .array(fallback.filter { families.contains(string($0, "family") ?? "") }))
            default: return member
            }
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-bench-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data(JSONValue.object(members).utf8()).write(to: scratch.appendingPathComponent("fonts.json"))
        return (try FontLibrary(directory: scratch.path), scratch)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
