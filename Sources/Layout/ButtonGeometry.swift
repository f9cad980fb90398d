import Geometry

/// UIButton's edge-inset arithmetic (DESIGN §5), unsnapped and free of fonts: given the
/// sizes of the image and of the title (measured as one unconstrained line), where do the
/// content rect, the image and the title go?
///
/// - content rect C = bounds inset by `contentEdgeInsets`;
/// - title rect = C inset by (tei.top, tei.left + iw, tei.bottom, tei.right); the title is
///   min(tw, that width) wide, so a rect that is too narrow truncates it;
/// - image rect = C inset by (iei.top, iei.left, iei.bottom, iei.right + title width); an
///   image larger than its rect is squeezed into it, each side on its own (min(iw, rect
///   width) × min(ih, rect height)), as UIKit's image view scales to fill the rect it gets;
/// - each element is placed in its own rect by the alignments.
///
/// So image and title are centred together, an inset pair (l, r) moves its element by
/// (l − r) / 2, and image insets never move the title (nor title insets the image). With
/// `.fill`, the title is as wide as its rect and the image rect is what that leaves.
public struct ButtonGeometry: Hashable, Sendable {
    public let bounds: Rect
    public let contentRect: Rect
    /// The rects each element is placed in (UIKit's `imageRect(forContentRect:)` inputs).
    public let imageRect: Rect
    public let titleRect: Rect
    public let imageFrame: Rect
    public let titleFrame: Rect
    /// The title rect is narrower than the title's measured width.
    public let titleIsTruncated: Bool

    public init(bounds: Rect, contentEdgeInsets: EdgeInsets = .zero, imageEdgeInsets: EdgeInsets = .zero,
                titleEdgeInsets: EdgeInsets = .zero, imageSize: Size, titleSize: Size,
                horizontalAlignment: ContentHorizontalAlignment = .center,
                verticalAlignment: ContentVerticalAlignment = .center) {
        let tei = titleEdgeInsets, iei = imageEdgeInsets
        let c = bounds.inset(by: contentEdgeInsets)
        let titleRect = c.inset(by: EdgeInsets(top: tei.top, left: tei.left + imageSize.width,
                                               bottom: tei.bottom, right: tei.right))
        let titleWidth = horizontalAlignment == .fill ? max(0, titleRect.width)
            : max(0, min(titleSize.width, titleRect.width))
        let imageRect = c.inset(by: EdgeInsets(top: iei.top, left: iei.left, bottom: iei.bottom,
                                               right: iei.right + titleWidth))
        self.bounds = bounds
        contentRect = c
        self.imageRect = imageRect
        self.titleRect = titleRect
        titleIsTruncated = titleSize.width > titleRect.width
        let squeezed = Size(width: max(0, min(imageSize.width, imageRect.width)),
                            height: max(0, min(imageSize.height, imageRect.height)))
        imageFrame = ButtonGeometry.place(squeezed, in: imageRect, horizontalAlignment, verticalAlignment)
        titleFrame = ButtonGeometry.place(Size(width: titleWidth, height: titleSize.height), in: titleRect,
                                          horizontalAlignment, verticalAlignment)
    }

    /// UIButton's `sizeThatFits`: image and title side by side plus the content insets.
    /// Image and title insets are not included — which is why moving the title by s with
    /// title insets (s, −s) needs s added to `contentEdgeInsets.right` as well.
    public static func sizeThatFits(contentEdgeInsets cei: EdgeInsets, imageSize: Size, titleSize: Size) -> Size {
        Size(width: cei.left + cei.right + imageSize.width + titleSize.width,
             height: cei.top + cei.bottom + max(imageSize.height, titleSize.height))
    }

    /// An element of `size` placed in `rect` (centre: x = r.x + (r.w − w) / 2).
    static func place(_ size: Size, in rect: Rect, _ horizontal: ContentHorizontalAlignment,
                      _ vertical: ContentVerticalAlignment) -> Rect {
        var w = size.width, h = size.height
        let x: Double, y: Double
        switch horizontal {
        case .left: x = rect.minX
        case .center: x = rect.minX + (rect.width - w) / 2
        case .right: x = rect.maxX - w
        case .fill: x = rect.minX; w = max(0, rect.width)
        }
        switch vertical {
        case .top: y = rect.minY
        case .center: y = rect.minY + (rect.height - h) / 2
        case .bottom: y = rect.maxY - h
        case .fill: y = rect.minY; h = max(0, rect.height)
        }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
