import Geometry
import Raster

/// Something that can be measured and drawn: a configured value, with no frame of its own.
///
/// `sizeThatFits` answers "how big would you be, offered this much?" (either side may be
/// `.infinity`: unbounded; as in UIKit, 0 or less offers no limit either, so a label offered
/// `.zero` measures as one line, not as a column one pixel wide) and returns a size already
/// on the pixel grid. `draw` renders into
/// a frame chosen by the caller, normally one of that size; both go through the same layout
/// code, so what is measured is what is drawn. Both throw only for configuration the
/// context cannot satisfy, such as a font family it does not have.
public protocol LayoutView: Sendable {
    func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size
    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws
}

extension LayoutView {
    /// UIKit's `sizeToFit()` on a view whose frame is still empty: the size that fits when
    /// nothing limits it (a label on one line per paragraph).
    public func sizeToFit(context: LayoutContext) throws -> Size {
        try sizeThatFits(Size(width: .infinity, height: .infinity), context: context)
    }

    /// UIKit's `sizeToFit()` on a view `width` points wide: the view keeps that width and
    /// takes the height that fits it (a label wraps at the width and grows downwards). A width
    /// of 0 or less is an empty frame, as `sizeToFit(context:)`.
    public func sizeToFit(keepingWidth width: Double, context: LayoutContext) throws -> Size {
        guard width > 0, width.isFinite else { return try sizeToFit(context: context) }
        let fitted = try sizeThatFits(Size(width: width, height: .infinity), context: context)
        return Size(width: context.grid.floor(width), height: fitted.height)
    }
}

extension Size {
    /// The size offered with UIKit's meaning: a side of 0 or less (or NaN) sets no limit.
    var unlimitedWhereZero: Size {
        Size(width: width > 0 ? width : .infinity, height: height > 0 ? height : .infinity)
    }
}
