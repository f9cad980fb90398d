import Geometry
import Raster
import Typesetting

/// UIKit's `UIButton` (image + title with edge insets) as a value, laid out by the rules of
/// DESIGN §5 through `ButtonGeometry`. Also what a chip is: a button with a capsule background.
///
/// Insets are given for the left-to-right layout. A right-to-left button is the mirror image
/// of its left-to-right layout — image on the right, title to its left, insets and alignment
/// reflected with it (so `.left` acts as UIKit's `.leading`).
///
/// Two additions to UIKit: `spacing` puts a gap between image and title by the
/// equal-and-opposite recipe, and `lint` reports insets that break that recipe and clip the
/// title.
public struct Button: LayoutView {
    public var title: AttributedText?
    public var image: ButtonImage?
    public var contentEdgeInsets = EdgeInsets.zero
    public var imageEdgeInsets = EdgeInsets.zero
    public var titleEdgeInsets = EdgeInsets.zero
    /// Points between image and title, applied on top of the insets above: the title moves
    /// by title insets (0, s, 0, −s) — its rect keeps its width — and s is added to
    /// `contentEdgeInsets.right` so `sizeThatFits` grows by s. Mirrored with the layout.
    public var spacing = 0.0
    public var horizontalAlignment = ContentHorizontalAlignment.center
    public var verticalAlignment = ContentVerticalAlignment.center
    public var layoutDirection = TextDirection.leftToRight
    public var background: Background?
    /// Shapes the title in this language instead of the context's.
    public var language: LanguageTag?

    public init(title: AttributedText? = nil, image: ButtonImage? = nil) {
        self.title = title
        self.image = image
    }

    public init(title: String, attributes: TextAttributes, image: ButtonImage? = nil) {
        self.init(title: AttributedText(title, attributes: attributes), image: image)
    }

    /// The title insets actually used: `titleEdgeInsets` with `spacing` applied.
    public var effectiveTitleEdgeInsets: EdgeInsets {
        var insets = titleEdgeInsets
        insets.left += spacing
        insets.right -= spacing
        return insets
    }

    /// The content insets actually used: `contentEdgeInsets` with `spacing` applied.
    public var effectiveContentEdgeInsets: EdgeInsets {
        var insets = contentEdgeInsets
        insets.right += spacing
        return insets
    }

    /// The title as UIKit's title label: one line, truncated in the middle when its rect is
    /// too narrow (UIButton's default line break mode), never shrunk.
    public var titleLabel: Label? {
        guard let title, !title.utf16.isEmpty else { return nil }
        return try? Label(text: title, numberOfLines: 1, lineBreakMode: .truncatingMiddle, alignment: .natural,
                          language: language)
    }

    // MARK: Layout

    /// The natural sizes of image and title, (iw, ih) and (tw, th), on the pixel grid.
    public func contentSizes(context: LayoutContext) throws -> (image: Size, title: Size) {
        try validateInsets()
        let unbounded = Size(width: .infinity, height: .infinity)
        let imageSize = try image?.sizeThatFits(unbounded, context: context) ?? .zero
        let titleSize = try titleLabel?.sizeThatFits(unbounded, context: context) ?? .zero
        return (imageSize, titleSize)
    }

    /// UIButton's `sizeThatFits`: the offer is ignored; image and title side by side plus
    /// the content insets (spacing included), image and title insets excluded.
    public func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let sizes = try contentSizes(context: context)
        return context.grid.snap(ButtonGeometry.sizeThatFits(contentEdgeInsets: effectiveContentEdgeInsets,
                                                             imageSize: sizes.image, titleSize: sizes.title))
    }

    /// Every frame of the button laid out in `bounds`.
    public func layout(in bounds: Rect, context: LayoutContext) throws -> ButtonLayout {
        let sizes = try contentSizes(context: context)
        let geometry = ButtonGeometry(bounds: bounds, contentEdgeInsets: effectiveContentEdgeInsets,
                                      imageEdgeInsets: imageEdgeInsets, titleEdgeInsets: effectiveTitleEdgeInsets,
                                      imageSize: sizes.image, titleSize: sizes.title,
                                      horizontalAlignment: horizontalAlignment, verticalAlignment: verticalAlignment)
        let grid = context.grid
        func final(_ rect: Rect) -> Rect { grid.snap(layoutDirection.mirror(rect, in: bounds)) }

        let titleFrame = titleLabel.map { _ in final(geometry.titleFrame) }
        var titleLayout: LabelLayout?
        var truncated = false
        if let label = titleLabel, let frame = titleFrame {
            if frame.width > 0 {
                let laidOut = try label.layout(in: frame.size, context: context)
                titleLayout = laidOut
                truncated = laidOut.truncated
            } else {
                truncated = true
            }
        }
        return ButtonLayout(geometry: geometry, contentFrame: final(geometry.contentRect),
                            imageFrame: image.map { _ in final(geometry.imageFrame) }, titleFrame: titleFrame,
                            imageSize: sizes.image, titleSize: sizes.title, title: titleLayout,
                            titleIsTruncated: truncated)
    }

    public func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        let layout = try layout(in: frame, context: context)
        background?.draw(in: frame, on: canvas)
        if let image, let imageFrame = layout.imageFrame {
            try image.draw(in: imageFrame, on: canvas, context: context)
        }
        if let label = titleLabel, let titleFrame = layout.titleFrame, let title = layout.title {
            label.draw(title, in: titleFrame, on: canvas, context: context)
        }
    }

    // MARK: Lint

    /// Insets that are not equal and opposite and, in `bounds` (the size that fits when
    /// nil), clip the title, push the image onto it or squeeze the image. Equal-and-opposite pairs only move
    /// their element, so they are never reported; neither is a title truncated merely
    /// because the bounds are too small.
    public func lint(in bounds: Rect? = nil, context: LayoutContext) throws -> [ButtonLint] {
        let bounds = try bounds ?? Rect(origin: .zero, size: sizeToFit(context: context))
        let layout = try layout(in: bounds, context: context)
        var warnings: [ButtonLint] = []
        let tei = effectiveTitleEdgeInsets, iei = imageEdgeInsets
        let titleShrink = tei.left + tei.right
        if titleShrink > Self.insetTolerance, layout.titleIsTruncated {
            warnings.append(ButtonLint(kind: .titleInsetsClipTitle, message: """
                title insets left \(Self.points(tei.left)) and right \(Self.points(tei.right)) are not equal and \
                opposite: they take \(Self.points(titleShrink)) pt from the title rect and the title \
                (\(Self.points(layout.titleSize.width)) pt) is truncated to \(Self.points(max(0, layout.geometry.titleRect.width))) pt. \
                Use (0, s, 0, −s) and add s to contentEdgeInsets.right, or set spacing.
                """))
        }
        let imageShift = iei.left + iei.right
        let overlap = layout.geometry.imageFrame.intersection(layout.geometry.titleFrame)
        if abs(imageShift) > Self.insetTolerance, image != nil, titleLabel != nil, !overlap.isEmpty {
            warnings.append(ButtonLint(kind: .imageInsetsOverlapTitle, message: """
                image insets left \(Self.points(iei.left)) and right \(Self.points(iei.right)) are not equal and \
                opposite: the image overlaps the title by \(Self.points(overlap.width)) pt.
                """))
        }
        let squeezed = layout.geometry.imageFrame.width
        if imageShift > Self.insetTolerance, image != nil, squeezed < layout.imageSize.width - Self.insetTolerance {
            warnings.append(ButtonLint(kind: .imageInsetsSqueezeImage, message: """
                image insets left \(Self.points(iei.left)) and right \(Self.points(iei.right)) are not equal and \
                opposite: they squeeze the image from \(Self.points(layout.imageSize.width)) to \(Self.points(squeezed)) pt.
                """))
        }
        return warnings
    }

    /// Inset sums closer to zero than this count as equal and opposite.
    static let insetTolerance = 1e-9

    private static func points(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func validateInsets() throws {
        let values = [contentEdgeInsets, imageEdgeInsets, titleEdgeInsets]
            .flatMap { [$0.top, $0.left, $0.bottom, $0.right] } + [spacing]
        guard values.allSatisfy(\.isFinite) else {
            throw LayoutError.invalidArgument("button insets and spacing must be finite numbers of points")
        }
    }
}
