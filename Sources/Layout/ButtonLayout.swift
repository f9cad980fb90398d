import Geometry

/// A button laid out in its bounds: the frames it draws into, on the pixel grid and
/// mirrored for right-to-left, and the unsnapped left-to-right arithmetic they came from.
public struct ButtonLayout: Sendable {
    /// UIKit's arithmetic before mirroring and snapping (effective insets, spacing included).
    public let geometry: ButtonGeometry
    public let contentFrame: Rect
    /// Nil without an image.
    public let imageFrame: Rect?
    /// Nil without a title.
    public let titleFrame: Rect?
    /// The natural sizes used as (iw, ih) and (tw, th), on the pixel grid.
    public let imageSize: Size
    public let titleSize: Size
    /// The title laid out in `titleFrame`: the layout that is drawn. Nil when there is no
    /// title or no room for it at all.
    public let title: LabelLayout?

    /// The title does not show in full (its frame is narrower than the title).
    public let titleIsTruncated: Bool
}
