import Geometry
import Raster
import Typesetting

/// A row or column of views, as UIStackView: children sized by their own `sizeThatFits`,
/// separated by `spacing`, inside `padding`, placed across the axis by `alignment` and along
/// it by `distribution`.
///
/// Sizing, in order:
/// 1. each child is offered the cross length (the width of a column) and an unbounded main
///    length, and answers its natural size — a label wraps at the column's width;
/// 2. if the children do not fit the main length, the room is taken from the flexible
///    children — those that get shorter when offered less (labels), not those that keep
///    their size (buttons, images) — in proportion to how much each can give; only when
///    that is not enough are all children shrunk in proportion to their length. A shrunk
///    child is measured again at its new length (a label in a row wraps onto more lines);
/// 3. space left over is handed out by the distribution (see `Distribution`).
/// Across the axis a child takes its natural length, at most the stack's (or all of it with
/// `.fill`).
///
/// A right-to-left stack is the mirror image of its left-to-right layout: a row runs from
/// the right, and `.leading` in a column means the right edge. Padding is mirrored with it.
public struct Stack: LayoutView {
    public enum Axis: String, Sendable, CaseIterable, Codable {
        /// A row: children left to right.
        case horizontal
        /// A column: children top to bottom.
        case vertical
    }

    /// Placement across the axis.
    public enum Alignment: String, Sendable, CaseIterable, Codable {
        /// Top of a row, left of a column (right when right to left).
        case leading
        case center
        case trailing
        /// Stretched to the stack's cross length.
        case fill
    }

    /// What happens to main-axis space the children do not use.
    public enum Distribution: String, Sendable, CaseIterable, Codable {
        /// The last child grows to take it.
        case fill
        /// Every child gets the same length, whatever its natural size.
        case fillEqually
        /// Natural lengths; the leftover widens the gaps equally (never below `spacing`). A lone
        /// child is pinned to both ends, as UIStackView pins its first and last view: it takes
        /// the whole length (a label then centres its text in it), not the top of it.
        case equalSpacing
        /// Natural lengths, spaced by `spacing`, the group centred along the axis.
        case center
    }

    public let axis: Axis
    public let children: [any LayoutView]
    /// Points between neighbours (the least gap with `equalSpacing`).
    public let spacing: Double
    public let alignment: Alignment
    public let distribution: Distribution
    public let padding: EdgeInsets
    public let layoutDirection: TextDirection
    public let background: Background?

    public init(axis: Axis, children: [any LayoutView], spacing: Double = 0, alignment: Alignment = .fill,
                distribution: Distribution = .fill, padding: EdgeInsets = .zero,
                layoutDirection: TextDirection = .leftToRight, background: Background? = nil) throws {
        guard spacing.isFinite, spacing >= 0 else {
            throw LayoutError.invalidArgument("stack spacing must be zero or more points, got \(spacing)")
        }
        guard [padding.top, padding.left, padding.bottom, padding.right].allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            throw LayoutError.invalidArgument("stack padding must be zero or more points on every edge, got \(padding)")
        }
        self.axis = axis
        self.children = children
        self.spacing = spacing
        self.alignment = alignment
        self.distribution = distribution
        self.padding = padding
        self.layoutDirection = layoutDirection
        self.background = background
    }

    // MARK: Measuring

    /// The size the children need when offered `size`: a column offered a width wraps its
    /// labels to it; a finite main length shrinks flexible children as in `frames(in:)`,
    /// but unused space is not claimed.
    public func sizeThatFits(_ size: Size, context: LayoutContext) throws -> Size {
        let inner = Size(width: size.width - padding.horizontal, height: size.height - padding.vertical)
        let sizes = try arrange(main: main(inner), cross: cross(inner), context: context)
        let length = sizes.reduce(0) { $0 + $1.main } + gaps
        // Children are kept within an offered cross length (`frames(in:)`), so the stack is too.
        let offeredCross = cross(inner)
        let crossLength = min(sizes.map(\.cross).max() ?? 0, offeredCross.isFinite ? max(0, offeredCross) : .infinity)
        let content = axis == .vertical ? Size(width: crossLength, height: length) : Size(width: length, height: crossLength)
        return context.grid.snap(Size(width: content.width + padding.horizontal, height: content.height + padding.vertical))
    }

    /// The children's frames in `bounds`, in order, on the pixel grid.
    public func frames(in bounds: Rect, context: LayoutContext) throws -> [Rect] {
        guard !children.isEmpty else { return [] }
        let inner = bounds.inset(by: padding)
        let mainLength = main(inner.size), crossLength = cross(inner.size)
        var sizes = try arrange(main: mainLength, cross: crossLength, context: context)
        let used = sizes.reduce(0) { $0 + $1.main } + gaps
        let extra = mainLength.isFinite ? max(0, mainLength - used) : 0
        var gap = spacing, start = 0.0
        switch distribution {
        case .fill: sizes[sizes.count - 1].main += extra
        case .fillEqually: break
        case .equalSpacing:
            if children.count > 1 { gap += extra / Double(children.count - 1) } else { sizes[0].main += extra }
        case .center: start = extra / 2
        }

        var frames: [Rect] = []
        var position = (axis == .vertical ? inner.minY : inner.minX) + start
        let crossOrigin = axis == .vertical ? inner.minX : inner.minY
        for size in sizes {
            // As UIStackView's other alignments do, a child is never wider than the column
            // (taller than the row): a button wider than its column is squeezed into it.
            var c = alignment == .fill ? crossLength : min(size.cross, crossLength)
            if !c.isFinite { c = size.cross }
            let offset: Double
            switch alignment {
            case .leading, .fill: offset = 0
            case .center: offset = (crossLength - c) / 2
            case .trailing: offset = crossLength - c
            }
            let rect = axis == .vertical
                ? Rect(x: crossOrigin + offset, y: position, width: c, height: size.main)
                : Rect(x: position, y: crossOrigin + offset, width: size.main, height: c)
            frames.append(context.grid.snap(layoutDirection.mirror(rect, in: bounds)))
            position += size.main + gap
        }
        return frames
    }

    public func draw(in frame: Rect, on canvas: Canvas, context: LayoutContext) throws {
        background?.draw(in: frame, on: canvas)
        for (child, childFrame) in zip(children, try frames(in: frame, context: context)) {
            try child.draw(in: childFrame, on: canvas, context: context)
        }
    }

    // MARK: Arithmetic

    private var gaps: Double { spacing * Double(max(0, children.count - 1)) }

    private func main(_ s: Size) -> Double { axis == .vertical ? s.height : s.width }
    private func cross(_ s: Size) -> Double { axis == .vertical ? s.width : s.height }
    private func offer(main: Double, cross: Double) -> Size {
        let m = max(0, main), c = max(0, cross)
        return axis == .vertical ? Size(width: c, height: m) : Size(width: m, height: c)
    }

    /// Each child's (main, cross) lengths for a main length `mainLength` (may be infinite),
    /// before any leftover space is handed out.
    private func arrange(main mainLength: Double, cross crossLength: Double,
                         context: LayoutContext) throws -> [(main: Double, cross: Double)] {
        let n = children.count
        guard n > 0 else { return [] }
        var sizes = try children.map { child -> (main: Double, cross: Double) in
            let s = try child.sizeThatFits(offer(main: .infinity, cross: crossLength), context: context)
            return (main(s), cross(s))
        }
        let available = mainLength - gaps
        if distribution == .fillEqually {
            let share = available.isFinite ? max(0, available / Double(n)) : sizes.map(\.main).max() ?? 0
            return try children.map { child in
                let s = try child.sizeThatFits(offer(main: share, cross: crossLength), context: context)
                return (share, cross(s))
            }
        }
        let natural = sizes.map(\.main)
        let overflow = natural.reduce(0, +) - available
        guard available.isFinite, overflow > PixelGrid.tolerance else { return sizes }

        // Flexible children give room first, in proportion to what each can give.
        let onePixel = 1 / context.grid.scale
        let minimal = try children.map { try main($0.sizeThatFits(offer(main: onePixel, cross: crossLength), context: context)) }
        let room = zip(natural, minimal).map { max(0, $0 - $1) }
        let totalRoom = room.reduce(0, +)
        var lengths = natural
        if totalRoom > 0 {
            let taken = min(overflow, totalRoom)
            for i in 0..<n { lengths[i] -= taken * room[i] / totalRoom }
        }
        let remaining = lengths.reduce(0, +) - max(0, available)
        if remaining > PixelGrid.tolerance {
            let total = lengths.reduce(0, +)
            for i in 0..<n { lengths[i] -= remaining * lengths[i] / total }
        }
        for i in 0..<n where lengths[i] < natural[i] - PixelGrid.tolerance {
            let s = try children[i].sizeThatFits(offer(main: lengths[i], cross: crossLength), context: context)
            sizes[i] = (min(main(s), lengths[i]), cross(s))
        }
        return sizes
    }
}

extension Stack {
    /// A column.
    public static func vertical(_ children: [any LayoutView], spacing: Double = 0, alignment: Alignment = .fill,
                                distribution: Distribution = .fill, padding: EdgeInsets = .zero,
                                layoutDirection: TextDirection = .leftToRight, background: Background? = nil) throws -> Stack {
        try Stack(axis: .vertical, children: children, spacing: spacing, alignment: alignment, distribution: distribution,
                  padding: padding, layoutDirection: layoutDirection, background: background)
    }

    /// A row.
    public static func horizontal(_ children: [any LayoutView], spacing: Double = 0, alignment: Alignment = .center,
                                  distribution: Distribution = .fill, padding: EdgeInsets = .zero,
                                  layoutDirection: TextDirection = .leftToRight, background: Background? = nil) throws -> Stack {
        try Stack(axis: .horizontal, children: children, spacing: spacing, alignment: alignment, distribution: distribution,
                  padding: padding, layoutDirection: layoutDirection, background: background)
    }
}
