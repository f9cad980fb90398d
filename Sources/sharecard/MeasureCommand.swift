import Cards
import Foundation
import JSONData
import Typesetting

enum MeasureCommand {
    static let spec = CommandSpec(
        name: "measure",
        summary: "Fit text into a box and print what was decided (size, lines, truncation).",
        usage: "measure --text TEXT [layout options] [--json]",
        options: TextOptions.specs + [
            OptionSpec(name: "json", help: "Print the decision as JSON."),
            OptionSpec(name: "size", valueName: "PT", help: "Deprecated: the former name of --font-size (in text, --size is the canvas size)."),
        ],
        details: "The size is the exact largest that fits in at most --lines lines; lines are balanced unless --wrap greedy (justified lines are filled first).")

    struct Report: Encodable {
        struct Line: Encodable {
            let text: String
            let width: Double
            let x: Double
            let baseline: Double
        }
        let fontSize: Double
        let scale: Double
        let lines: [Line]
        let width: Double
        let height: Double
        let truncated: Bool
        /// As code points ("U+E000"), as `render` and the API name them: the characters
        /// themselves are often invisible.
        let missingGlyphs: [String]
        let hardBreaksSoftened: Bool
        let breakFlaws: [String]
        let flawedBreaksAvoided: [String]
    }

    static func report(_ layout: TextLayout) -> Report {
        // `+ 0` turns a -0 (a line that fills the box, a hair left of its edge) into 0.
        func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 + 0 }
        return Report(fontSize: round(layout.fontSizeInPoints), scale: round(layout.scale),
                      lines: layout.lines.map { Report.Line(text: $0.text, width: round($0.width), x: round($0.origin.x),
                                                            baseline: round($0.origin.y)) },
                      width: round(layout.size.width), height: round(layout.size.height),
                      truncated: layout.truncated, missingGlyphs: MissingGlyphs.codePoints(of: layout.missingGlyphs),
                      hardBreaksSoftened: layout.hardBreaksSoftened, breakFlaws: layout.breakFlaws.map(\.rawValue),
                      flawedBreaksAvoided: layout.flawedBreaksAvoided.map(\.rawValue))
    }

    static func run(_ args: ParsedArguments) throws {
        let layout = try TextOptions.layout(try fontSizeFromFormerName(args))
        // After the layout, so that a command line that fails says one thing only.
        if args.has("size") { StandardError.write("sharecard measure: warning: --size is deprecated here; use --font-size\n") }
        let r = report(layout)
        if args.has("json") {
            print(try JSONValueEncoder().encode(r).text(.sortedIndented))
            return
        }
        print("font size: \(r.fontSize) pt (scale \(r.scale))")
        print("block: \(r.width) × \(r.height) pt\(r.truncated ? ", truncated" : "")")
        for (i, line) in r.lines.enumerated() {
            print("line \(i + 1): \"\(line.text)\" width \(line.width) at x \(line.x), baseline \(line.baseline)")
        }
        if !r.missingGlyphs.isEmpty { print("missing glyphs: \(r.missingGlyphs.joined(separator: " "))") }
    }

    /// `--size PT`, the font size's name before `text` took `--size` for its canvas as every
    /// card command does: still read here (with a warning) as `--font-size`.
    static func fontSizeFromFormerName(_ args: ParsedArguments) throws -> ParsedArguments {
        guard let former = args.values["size"] else { return args }
        guard !args.has("font-size") else { throw UsageError(description: "give --font-size, not both it and --size (its former name)") }
        guard let number = former.last, Double(number) != nil else {
            throw UsageError(description: "--size is the former name of --font-size here and takes a number of points (measure has no canvas), got '\(escaped: former.last ?? "")'")
        }
        var args = args
        args.values["size"] = nil
        args.values["font-size"] = former
        return args
    }
}
