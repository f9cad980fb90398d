import Cards
import Raster
import Typesetting
import UnicodeText

/// The typesetting flags `measure` and `text` share, and how they become a layout.
enum TextOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "text", valueName: "TEXT", help: "The text to set (required; at most 5000 code points)."),
        OptionSpec(name: "font", valueName: "FAMILY", help: "Font family (default Quicksand)."),
        OptionSpec(name: "weight", valueName: "W", help: "Weight 1-1000 or thin|light|regular|medium|semibold|bold|black (default bold).",
                   values: ["thin", "light", "regular", "medium", "semibold", "bold", "black"]),
        OptionSpec(name: "font-size", valueName: "PT", help: "Nominal font size in points (default 60)."),
        OptionSpec(name: "min-scale", valueName: "F", help: "Smallest scale factor the size may shrink to, 0.01-1 (default 0.3; 1 = never shrink)."),
        OptionSpec(name: "width", valueName: "PT", help: "Box width in points (default 944)."),
        OptionSpec(name: "height", valueName: "PT", help: "Box height in points (default 300; 'inf' = unbounded)."),
        OptionSpec(name: "lines", valueName: "N", help: "At most N lines, 0 = no limit (default 3)."),
        OptionSpec(name: "align", valueName: "A", help: "left|center|right|natural|justified (default center).",
                   values: ["left", "center", "right", "natural", "justified"]),
        OptionSpec(name: "wrap", valueName: "MODE", help: "balanced|greedy (default balanced; greedy for justified text).", values: ["balanced", "greedy"]),
        OptionSpec(name: "truncation", valueName: "MODE", help: "tail|head|middle (default tail).", values: ["tail", "head", "middle"]),
        OptionSpec(name: "line-height", valueName: "X", help: "Line height multiple, 0.5-4 (default 1)."),
        OptionSpec(name: "tracking", valueName: "T", help: "Letter spacing in thousandths of an em (default 0)."),
        OptionSpec(name: "language", valueName: "BCP47", help: "Language for shaping, line breaks, hyphenation and CJK forms (default en, not hyphenated)."),
        OptionSpec(name: "fonts", valueName: "DIR", help: "Fonts folder (default: the data folder's fonts/; see FILES in the manual)."),
    ]

    /// The text laid out with `library`, or the fonts `--fonts` names when nil.
    static func layout(_ args: ParsedArguments, color: Color = .white, library: FontLibrary? = nil) throws -> TextLayout {
        guard let text = args.value("text") else { throw UsageError(description: "missing --text TEXT") }
        guard !text.isEmpty else { throw UsageError(description: "--text is empty; give the text to set") }
        let codePoints = text.unicodeScalars.count
        guard codePoints <= 5_000 else { throw UsageError(description: "--text is \(codePoints) code points, over the limit of 5000") }
        let weight = try parseWeight(args.value("weight") ?? "bold")
        let attributes: TextAttributes
        let options: TextLayoutOptions
        do {
            attributes = try TextAttributes(family: args.value("font") ?? "Quicksand", weight: weight,
                                            sizeInPoints: try args.double("font-size", in: 1...2000) ?? 60, color: color,
                                            trackingInThousandthsOfEm: try args.double("tracking", in: -1000...1000) ?? 0)
            let height = args.value("height") == "inf" ? .infinity : try args.double("height", in: 1...100_000) ?? 300
            let alignment: TextLayoutOptions.Alignment = try choice(args, "align", default: .center)
            options = try TextLayoutOptions(
                width: try args.double("width", in: 1...100_000) ?? 944, height: height,
                maxLines: try args.int("lines", in: 0...1000) ?? 3,
                alignment: alignment,
                wrap: try choice(args, "wrap", default: .preferred(for: alignment)),
                truncation: try choice(args, "truncation", default: .tail),
                lineHeightMultiple: try args.double("line-height", in: 0.5...4) ?? 1,
                minimumScaleFactor: try args.double("min-scale", in: 0.01...1) ?? 0.3)
        } catch let e as TypesettingError {
            throw UsageError(description: e.description)
        }
        guard let language = LanguageTag(args.value("language") ?? "en") else {
            throw UsageError(description: "--language must be a BCP 47 tag such as en, he or zh-Hant")
        }
        let library = try library ?? Resources.fontLibrary(override: args.value("fonts"))
        do {
            let paragraph = try Paragraph(AttributedText(text, attributes: attributes), library: library, language: language,
                                          hyphenates: args.value("language") != nil)
            let layout = TextLayout(paragraph, options: options)
            if let failure = library.optionalFacesFailure { throw CommandError("\(failure)") }
            return layout
        } catch .unknownFamily(let family) as TypesettingError {
            throw UsageError(description: "--font: unknown font family \(QuotedValue.quoted(family))"
                + Suggestion.didYouMean(family, in: library.families) + " (`sharecard fonts list` lists them)")
        } catch .familyCannotBeOpened(let family, let why) as TypesettingError {
            // The fonts are at fault, not the arguments: exit 1, not 2.
            throw CommandError(TypesettingError.familyCannotBeOpened(family, why).description)
        } catch let e as TypesettingError {
            throw UsageError(description: e.description)
        }
    }

    static func parseWeight(_ text: String) throws -> FontWeight {
        let names: [String: FontWeight] = ["thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
                                           "semibold": .semibold, "bold": .bold, "black": .black]
        if let w = names[text.lowercased()] { return w }
        guard let v = Int(text), let w = FontWeight(v) else {
            throw UsageError(description: "--weight must be 1-1000 or a name such as bold, got '\(escaped: text)'")
        }
        return w
    }

    static func choice<E: RawRepresentable & CaseIterable>(_ args: ParsedArguments, _ name: String, default value: E) throws -> E
    where E.RawValue == String {
        guard let text = args.value(name) else { return value }
        guard let v = E(rawValue: text) else {
            // Names are case-sensitive, as --size's presets are; a slip is pointed out.
            let names = E.allCases.map(\.rawValue)
            throw UsageError(description: "--\(name) must be one of \(names.joined(separator: "|")), got '\(escaped: text)'"
                             + Suggestion.didYouMean(text, in: names))
        }
        return v
    }
}
