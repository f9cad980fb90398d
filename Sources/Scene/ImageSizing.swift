import Geometry
import UnicodeText

/// What an image element's frame is (`"sizing"` on an image).
public enum ImageSizing: Hashable, Sendable {
    /// The element is its frame, and `contentMode` places the image in it: an aspect fit
    /// leaves bands, an aspect fill overflows.
    case frame
    /// The element is the image scaled, aspect ratio kept, to the largest size that fits in
    /// the frame, which is then only the box it fits in: no bands. The fitted rectangle sits
    /// in the box by the alignment; it is what clips, rounds its corners, is reported and is
    /// anchored to.
    case aspectFit(ImageAlignment)

    /// The element's frame for an image of `content` size (any unit: only its aspect counts)
    /// placed in `box`, and the content mode that draws it there.
    func placement(of content: Size, in box: Rect, contentMode: ContentMode,
                   direction: TextDirection) -> (frame: Rect, contentMode: ContentMode) {
        switch self {
        case .frame: return (box, contentMode)
        case .aspectFit(let alignment):
            return (alignment.place(Self.aspectFitSize(of: content, in: box.size), in: box, direction: direction), .scaleToFill)
        }
    }

    /// The largest size of `content`'s aspect inside `box`: the side that binds is the box's
    /// exactly, the other is `content`'s scaled by the same ratio (a 1060×708 image in 400×400
    /// is 400 × 708 · 400 / 1060).
    static func aspectFitSize(of content: Size, in box: Size) -> Size {
        guard content.width > 0, content.height > 0, box.width > 0, box.height > 0 else { return .zero }
        if box.width * content.height <= box.height * content.width {
            return Size(width: box.width, height: content.height * box.width / content.width)
        }
        return Size(width: content.width * box.height / content.height, height: box.height)
    }
}

/// Where a fitted image sits in the box it fits in. Only one axis has room to spare (the
/// image touches the box on the other), so `top` places a wide image and `left` a tall one;
/// `leading` and `trailing` follow the title's direction.
public enum ImageAlignment: String, Hashable, Sendable, CaseIterable {
    case center, top, bottom, left, right, leading, trailing
    case topLeft, topRight, bottomLeft, bottomRight
    case topLeading, topTrailing, bottomLeading, bottomTrailing

    /// A `size` rectangle placed in `box`.
    func place(_ size: Size, in box: Rect, direction: TextDirection) -> Rect {
        let leading = direction == .rightToLeft ? 1.0 : 0, trailing = 1 - leading
        // The share of the spare room before the rectangle, across and down.
        let across: Double, down: Double
        switch self {
        case .center, .top, .bottom: across = 0.5
        case .left, .topLeft, .bottomLeft: across = 0
        case .right, .topRight, .bottomRight: across = 1
        case .leading, .topLeading, .bottomLeading: across = leading
        case .trailing, .topTrailing, .bottomTrailing: across = trailing
        }
        switch self {
        case .center, .left, .right, .leading, .trailing: down = 0.5
        case .top, .topLeft, .topRight, .topLeading, .topTrailing: down = 0
        case .bottom, .bottomLeft, .bottomRight, .bottomLeading, .bottomTrailing: down = 1
        }
        return Rect(x: box.minX + (box.width - size.width) * across, y: box.minY + (box.height - size.height) * down,
                    width: size.width, height: size.height)
    }
}
