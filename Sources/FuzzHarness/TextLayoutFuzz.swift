import Geometry
import Typesetting

/// Arbitrary UTF-8 fitted into a box: the first bytes choose the face, size, tracking,
/// language and every layout option; the rest is the text. The layout must describe itself
/// consistently: finite numbers, at most the lines asked for, line ranges in order inside the
/// text.
enum TextLayoutFuzz {
    static let languages = ["en", "he", "ar", "hi", "th", "ja", "zh-hant", "de", "tr"]

    static func run(_ input: [UInt8]) {
        var reader = FuzzInput(input)
        let family = reader.pick(FuzzResources.fonts.families)
        let weight = reader.pick([FontWeight.regular, .medium, .bold, .black])
        let style = reader.pick(FontStyle.allCases)
        let size = reader.fraction(in: 4...200)
        let tracking = reader.fraction(in: -200...200)
        let language = LanguageTag(reader.pick(languages))!
        let width = reader.fraction(in: 1...1024)
        let height = reader.byte() < 32 ? Double.infinity : reader.fraction(in: 4...600)
        let maxLines = Int(reader.byte() % 6)
        let alignment = reader.pick(TextLayoutOptions.Alignment.allCases)
        let wrap = reader.pick(TextLayoutOptions.Wrap.allCases)
        let truncation = reader.pick(TextLayoutOptions.Truncation.allCases)
        let lineHeight = reader.fraction(in: 0.5...4)
        let minimumScale = reader.fraction(in: 0.05...1)
        let adjusts = reader.byte() & 1 == 0
        guard let text = String(validating: reader.rest, as: UTF8.self),
              let attributes = try? TextAttributes(family: family, weight: weight, style: style, sizeInPoints: size,
                                                   trackingInThousandthsOfEm: tracking),
              let options = try? TextLayoutOptions(width: width, height: height, maxLines: maxLines, alignment: alignment,
                                                   wrap: wrap, truncation: truncation, lineHeightMultiple: lineHeight,
                                                   minimumScaleFactor: minimumScale, adjustsFontSize: adjusts),
              let paragraph = try? Paragraph(AttributedText(text, attributes: attributes), library: FuzzResources.fonts,
                                             language: language)
        else { return }
        let layout = TextLayout(paragraph, options: options)

        FuzzCheck.that(layout.scale.isFinite && layout.scale > 0 && layout.fontSizeInPoints.isFinite,
                       "scale \(layout.scale), font size \(layout.fontSizeInPoints)")
        FuzzCheck.that(layout.size.width.isFinite && layout.size.height.isFinite, "block size \(layout.size)")
        FuzzCheck.that(maxLines == 0 || layout.lines.count <= maxLines,
                       "\(layout.lines.count) lines, at most \(maxLines) asked: \(layout.lines.map(\.text))")
        let length = Array(text.utf16).count
        var end = 0
        for line in layout.lines {
            FuzzCheck.that(line.range.lowerBound >= end && line.range.upperBound <= length,
                           "line range \(line.range) after \(end) in a text of \(length)")
            end = line.range.upperBound
            FuzzCheck.that([line.width, line.origin.x, line.origin.y, line.ascent, line.descent, line.height].allSatisfy(\.isFinite),
                           "line \"\(line.text)\" has a number that is not finite")
        }
    }
}
