import Geometry
import Raster
import Typesetting

/// A `Label` whose text is analysed and shaped once, then laid out for as many boxes as a
/// caller asks about, by the very code `Label` measures and draws with: the box floored to
/// the pixel grid, the fitting options, and `sizeThatFits`' wrap-stability check.
///
/// For a resolver that asks one label about many boxes (measured by a stack, reported, drawn)
/// and keeps what it learns; a plain `Label` shapes its text again for every question.
public struct ShapedLabel: Sendable {
    public let label: Label
    private let paragraph: Paragraph?

    /// Shapes `label`'s text in the context's fonts and language. Throws when a font family is unknown.
    public init(_ label: Label, context: LayoutContext) throws {
        self.label = label
        paragraph = try label.paragraph(context: context)
    }

    private init(label: Label, paragraph: Paragraph?) {
        self.label = label
        self.paragraph = paragraph
    }

    /// This shaped text under `label`'s options (its line limit, wrapping, fitting), without
    /// shaping it again: nil unless `label` shows the same text, in the same attributes and
    /// language, which is all the paragraph depends on.
    public func relabelled(_ label: Label) -> ShapedLabel? {
        let mine = self.label.text, theirs = label.text
        guard theirs.string == mine.string, label.language == self.label.language,
              theirs.runs.map(\.range) == mine.runs.map(\.range),
              theirs.runs.map(\.attributes) == mine.runs.map(\.attributes) else { return nil }
        return ShapedLabel(label: label, paragraph: paragraph)
    }

    /// The paragraph's base direction (left to right when the text is empty).
    public var direction: TextDirection { paragraph?.baseDirection ?? .leftToRight }

    /// The box a layout for an offered `size` is made in: what two offers share when they
    /// lay out alike (a key for a cache of layouts).
    public static func box(offered size: Size, grid: PixelGrid) -> Size { Label.box(offered: size, grid: grid) }

    /// `Label.layout(in:context:)` on the shaped text.
    public func layout(in size: Size, grid: PixelGrid) throws -> LabelLayout {
        try label.layout(paragraph, in: size, grid: grid)
    }

    /// `Label.sizeThatFits`, asking `layout` for every layout it needs; `layout` must give
    /// this label's layouts (`layout(in:grid:)`, or a cache of them). An offered side of 0 is
    /// taken as it is (a one-pixel box), not as UIKit's "no limit".
    public func sizeThatFits(_ size: Size, grid: PixelGrid, layout: (Size) throws -> LabelLayout) rethrows -> Size {
        try Label.sizeThatFits(size, grid: grid, layout: layout)
    }
}
