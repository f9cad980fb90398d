import Geometry
import Raster

/// Something that can be measured and drawn: a configured value, with no frame of its own.
///
/// `sizeThatFits` answers "how big would you be, offered this much?" (either side may be
/// `.infinity`: unbounded) and returns a size already on the pixel grid. `draw` renders into
/// a frame chosen by the caller, normally one of that size; both go through the same layout
/// code, so what is measured is what is drawn. Both throw only for configuration the
/// context cannot satisfy, such as a font family it does not have.
public protocol LayoutView: Sendable {
    func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size
    func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws
}

extension LayoutView {
    /// The size with nothing offered but infinity: UIKit's `sizeToFit()` for a value type.
    public func sizeToFit(context: LayoutContext) throws -> Size {
        try sizeThatFits(Size(width: .infinity, height: .infinity), context: context)
    }
}
