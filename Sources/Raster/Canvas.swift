import CPixman
import Foundation
import Geometry

/// A drawing surface: premultiplied ARGB32 pixels in memory, addressed in points.
///
/// Every draw call takes its paint, transform and clip explicitly; the canvas keeps no
/// graphics state beyond its pixels. Geometry is in points with the origin top-left; the
/// canvas maps points to device pixels by its `scale`, so a card drawn at scale 2 is
/// rasterized at twice the resolution, never upsampled. A canvas is not thread-safe.
public final class Canvas {
    /// The largest width or height in device pixels.
    public static let maximumPixelDimension = 16_384

    public let size: Size
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int

    /// The pixels, of which rows outside `background`'s band may not be written yet. Other
    /// files reach them only through `readableRow(_:)`, `destination(for:)` and
    /// `writtenBuffer`, which know which rows hold their pixels.
    private let buffer: PixelBuffer
    private let target: PixmanImage
    /// The colour of the rows not written yet; nil once every row holds its pixels.
    private var background: DeferredBackground?
    /// One row of `background`'s colour: every unwritten row as a reader sees it. Made by the
    /// first `clear(to:)`, so that reading never changes the canvas.
    private var backgroundRow: UnsafeMutablePointer<UInt32>?
    private lazy var rasterizer = OutlineRasterizer()
    /// True when every pixel is known to be opaque without reading them: set by an opaque
    /// background or ground, and kept because drawing only composites OVER (which never
    /// lowers alpha) or copies opaque pixels (SRC). Lets encoding skip its scan for alpha.
    private(set) var isKnownOpaque = false

    /// A canvas of `size` points at `scale` device pixels per point, filled with `background`.
    ///
    /// The fill is deferred: a row is written with `background` when something is first drawn
    /// on it, and rows nothing is drawn on are never touched (a card's title covers a band of
    /// its rows; its PNG encodes the others from one row of the colour). Large canvases are
    /// left in small pages until a first drawing covers a band worth a huge page.
    public convenience init(size: Size, scale: Double = 1, background: Color = .clear) throws {
        try self.init(size: size, scale: scale) { PixelBuffer(uninitializedWidth: $0, height: $1, adviseHugePages: false) }
        clear(to: background)
    }

    /// Validates the size and scale, then takes its pixels from `makeBuffer(width, height)`.
    init(size: Size, scale: Double, makeBuffer: (Int, Int) -> PixelBuffer) throws {
        guard scale.isFinite, scale > 0, scale <= 8 else {
            throw RasterError.invalidArgument("canvas scale must be in (0, 8], got \(scale)")
        }
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        let limit = Double(Canvas.maximumPixelDimension)
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= limit, h <= limit else {
            throw RasterError.invalidArgument(
                "canvas must be 1…\(Canvas.maximumPixelDimension) pixels on each side, got \(size.width)×\(size.height) points at scale \(scale)")
        }
        self.size = size
        self.scale = scale
        pixelWidth = Int(w)
        pixelHeight = Int(h)
        buffer = makeBuffer(pixelWidth, pixelHeight)
        target = buffer.pixmanImage()
    }

    deinit { backgroundRow?.deallocate() }

    /// Marks every pixel opaque; only for a caller that has just made them so.
    func markOpaque() { isKnownOpaque = true }

    public var bounds: Rect { Rect(origin: .zero, size: size) }
    public var pixelBounds: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }
    /// Points → device pixels.
    public var deviceTransform: Transform { .scale(x: scale, y: scale) }

    /// Replaces every pixel with `color` (no blending). The rows are written when first drawn on.
    public func clear(to color: Color) {
        background = DeferredBackground(color: color.premultipliedARGB32)
        if let backgroundRow {
            backgroundRow.update(repeating: color.premultipliedARGB32, count: pixelWidth)
        } else {
            let row = UnsafeMutablePointer<UInt32>.allocate(capacity: pixelWidth)
            row.initialize(repeating: color.premultipliedARGB32, count: pixelWidth)
            backgroundRow = row
        }
        isKnownOpaque = color.alpha >= 1
    }

    /// The premultiplied ARGB32 word at device pixel (x, y).
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight)
        return readableRow(y)[x]
    }

    /// A copy of the current pixels: the canvas can go on drawing without changing it.
    public func makeImage() -> Image { Image(buffer: PixelBuffer(copying: writtenBuffer)) }

    // MARK: Rows

    /// Row `y`'s pixels to read: the canvas's own, or `backgroundRow` when not written yet.
    func readableRow(_ y: Int) -> UnsafePointer<UInt32> {
        precondition(y >= 0 && y < pixelHeight)
        guard let background, !background.written.contains(y), let backgroundRow else { return UnsafePointer(buffer.pixels + y * pixelWidth) }
        return UnsafePointer(backgroundRow)
    }

    /// The canvas for pixman to draw into `area`, its rows written first.
    func destination(for area: PixelRect) -> PixmanImage {
        write(rows: area.y..<(area.y + area.height))
        return target
    }

    /// The rows whose memory holds their pixels; the others show the background, unwritten.
    var writtenRows: Range<Int> { background?.written ?? 0..<pixelHeight }

    /// Whether the canvas's memory is laid out for huge pages and not yet marked for them.
    var awaitsHugePageAdvice: Bool { buffer.awaitsHugePageAdvice }

    /// Every pixel, every row written.
    var writtenBuffer: PixelBuffer {
        write(rows: 0..<pixelHeight)
        return buffer
    }

    /// Writes the background into the unwritten rows of `wanted` and any between them and
    /// the written band, so that the written rows stay one band. The first band to be written
    /// is the one that decides whether the canvas's memory is worth huge pages: clearing a
    /// 2 MiB page costs about as much as faulting `hugePageRoundingThreshold` of small ones.
    private func write(rows wanted: Range<Int>) {
        guard var deferred = background else { return }
        let rows = wanted.clamped(to: 0..<pixelHeight)
        guard !rows.isEmpty else { return }
        let written = deferred.written
        if written.isEmpty {
            if rows.count * buffer.strideBytes >= PixelBuffer.hugePageRoundingThreshold { buffer.adviseHugePages() }
            buffer.fill(rows: rows, with: deferred.color)
            deferred.written = rows
        } else {
            let band = min(rows.lowerBound, written.lowerBound)..<max(rows.upperBound, written.upperBound)
            buffer.fill(rows: band.lowerBound..<written.lowerBound, with: deferred.color)
            buffer.fill(rows: written.upperBound..<band.upperBound, with: deferred.color)
            deferred.written = band
        }
        background = deferred.written == 0..<pixelHeight ? nil : deferred
    }

    // MARK: Shapes

    /// Fills `path` (in points, mapped by `transform` then the canvas scale). A path of more
    /// than `OutlineLimits.maximumPoints` points draws nothing: parsers refuse such paths.
    ///
    /// A rectangle on whole device pixels (a scrim or band over the card) is painted through
    /// the clip alone: the same bytes as through its coverage mask, without rasterizing one.
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero,
                     transform: Transform = .identity, clip: CoverageMask? = nil) {
        let toDevice = transform.concatenating(deviceTransform)
        let devicePath = path.applying(toDevice)
        if let pixels = devicePath.wholePixelRectangle {
            fill(pixels.intersection(drawableBounds(clip)), with: paint, toDevice: toDevice, mask: clip, rowByRow: true)
            return
        }
        guard let coverage = rasterizer.fill(devicePath, rule: rule, within: drawableBounds(clip)) else { return }
        fill(coverage, with: paint, paintTransform: toDevice, clip: clip)
    }

    /// Strokes `path`. The stroke width is in points and scales with `transform` (by the
    /// square root of its area factor, exact for uniform scales). A stroke whose outline
    /// would pass `OutlineLimits.maximumPoints` draws nothing (`OutlineLimits.strokeProblem`).
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle,
                       transform: Transform = .identity, clip: CoverageMask? = nil) {
        let toDevice = transform.concatenating(deviceTransform)
        let widthScale = abs(toDevice.determinant).squareRoot()
        guard widthScale > 0,
              let deviceStyle = try? StrokeStyle(width: style.width * widthScale, join: style.join,
                                                 cap: style.cap, miterLimit: style.miterLimit),
              let coverage = rasterizer.stroke(path.applying(toDevice), style: deviceStyle, within: drawableBounds(clip))
        else { return }
        fill(coverage, with: paint, paintTransform: toDevice, clip: clip)
    }

    /// Paints through `coverage` (device pixels), multiplied by `clip` where given; neither
    /// mask is changed. Gradient geometry is mapped to device pixels by `paintTransform`.
    public func fill(_ coverage: CoverageMask, with paint: Paint, paintTransform: Transform? = nil,
                     clip: CoverageMask? = nil) {
        fill(coverage, with: paint, paintTransform: paintTransform, clip: clip, rowByRow: true)
    }

    /// `rowByRow: false` leaves every gradient to pixman's general path (the reference the
    /// tests hold `compositeRowConstantGradient` to).
    func fill(_ coverage: CoverageMask, with paint: Paint, paintTransform: Transform?, clip: CoverageMask?, rowByRow: Bool) {
        var clipped = coverage
        if let clip {
            guard let both = coverage.intersection(clip) else { return }
            clipped = both
        }
        fill(clipped.bounds.intersection(pixelBounds), with: paint, toDevice: paintTransform ?? deviceTransform,
             mask: clipped, rowByRow: rowByRow)
    }

    /// Composites `paint` OVER the pixels of `area` (inside the canvas and `mask`'s bounds)
    /// through `mask`, or fully where `mask` is nil.
    private func fill(_ area: PixelRect, with paint: Paint, toDevice: Transform, mask: CoverageMask?, rowByRow: Bool) {
        guard !area.isEmpty, let source = pixmanPaint(paint, toDevice: toDevice) else { return }
        if rowByRow, paint.isConstantAlongDeviceRows(toDevice: toDevice) {
            compositeRowConstantGradient(source, coverage: mask, area: area)
            return
        }
        composite(PIXMAN_OP_OVER, source: source, coverage: mask, destination: destination(for: area),
                  sourceOrigin: (area.x, area.y), destinationRect: area)
    }

    /// Coverage of `path` as a clip for later draw calls, intersected with `within` if given.
    public func makeClip(_ path: Path, rule: FillRule = .nonZero, transform: Transform = .identity,
                         within: CoverageMask? = nil) -> CoverageMask {
        let toDevice = transform.concatenating(deviceTransform)
        let area = drawableBounds(within)
        // Nothing visible: an all-zero one-pixel mask clips everything away.
        let nothing = CoverageMask(bounds: PixelRect(x: 0, y: 0, width: 1, height: 1))
        guard let mask = rasterizer.fill(path.applying(toDevice), rule: rule, within: area) else { return nothing }
        guard let within else { return mask }
        return mask.intersection(within) ?? nothing
    }

    public func makeClip(rect: Rect, cornerRadius: Double = 0, within: CoverageMask? = nil) -> CoverageMask {
        makeClip(Path(roundedRect: rect, cornerRadius: cornerRadius), within: within)
    }

    // MARK: Images

    /// Draws `image` into `rect` (points) placed by `contentMode`; with `clipsToBounds`,
    /// parts of the image outside `rect` are hidden (UIKit's `clipsToBounds`). `clipLiesInRect`
    /// says that `clip` covers nothing outside `rect` (a rounded clip of it), so its own soft
    /// edges are the bounds' edges and are not multiplied by theirs a second time.
    public func draw(_ image: Image, in rect: Rect, contentMode: ContentMode = .scaleToFill,
                     clipsToBounds: Bool = false, clip: CoverageMask? = nil, clipLiesInRect: Bool = false) {
        let frame = contentMode.frame(for: image.size, in: rect)
        guard !frame.isEmpty else { return }
        let limits: (clip: CoverageMask?, visible: PixelRect?) =
            clipsToBounds ? clipping(frame, to: rect, within: clip, clipLiesInRect: clipLiesInRect) : (clip, nil)
        let t = Transform.scale(x: frame.width / Double(image.width), y: frame.height / Double(image.height))
            .concatenating(.translation(x: frame.minX, y: frame.minY))
        draw(image, transform: t, clip: limits.clip, extendEdges: false, visible: limits.visible)
    }

    /// How `clipsToBounds` limits an image drawn into `frame` (points) inside `rect`: not at all
    /// when the frame lies inside; else to the device pixels of the visible part, `frame ∩ rect`.
    /// Where its edges lie on whole pixels, each of those pixels is fully the image's and no
    /// mask is needed; where they do not, one clip of the visible part gives every soft edge
    /// its coverage once (a frame edge on a fractional bound, as aspect fill makes on one
    /// axis, is not covered twice). When `clip` lies in `rect` (`clipLiesInRect`), it already
    /// has the bounds' edges: only the frame's own edges inside `rect` are cut, by a clip
    /// reaching a device pixel past each of the bounds' edges (none when the frame covers them all).
    func clipping(_ frame: Rect, to rect: Rect, within clip: CoverageMask?,
                  clipLiesInRect: Bool = false) -> (clip: CoverageMask?, visible: PixelRect?) {
        let shown = frame.intersection(rect)
        guard shown != frame else { return (clip, nil) }
        guard !shown.isEmpty else { return (clip, PixelRect(x: 0, y: 0, width: 0, height: 0)) }
        let deviceShown = Rect(x: shown.minX * scale, y: shown.minY * scale, width: shown.width * scale, height: shown.height * scale)
        if let pixels = deviceShown.wholePixels { return (clip, pixels) }
        let visible = PixelRect(enclosing: deviceShown)
        guard clipLiesInRect, clip != nil else { return (makeClip(rect: shown, within: clip), visible) }
        if shown == rect { return (clip, visible) }
        let pixel = 1 / scale
        let minX = frame.minX > rect.minX ? frame.minX : rect.minX - pixel, maxX = frame.maxX < rect.maxX ? frame.maxX : rect.maxX + pixel
        let minY = frame.minY > rect.minY ? frame.minY : rect.minY - pixel, maxY = frame.maxY < rect.maxY ? frame.maxY : rect.maxY + pixel
        return (makeClip(rect: Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY), within: clip), visible)
    }

    /// Draws `image` with its pixel grid mapped by `transform` into points. Downscaling
    /// averages every source pixel under a destination pixel (no aliasing); upscaling and
    /// rotation interpolate bilinearly.
    public func draw(_ image: Image, transform: Transform, clip: CoverageMask? = nil) {
        draw(image, transform: transform, clip: clip, extendEdges: false)
    }

    /// With `extendEdges`, samples outside the image repeat its border pixels instead of
    /// being transparent (used where the picture must cover its frame edge to edge).
    ///
    /// A shrink without rotation or skew is convolved by `Image.convolvedLikePixman` into the
    /// device pixels it covers and composited pixel for pixel: the same bytes as pixman's
    /// convolution, at a fraction of its cost. `ownKernels: false` leaves every draw to pixman
    /// (the reference the tests hold that path to).
    ///
    /// `visible` limits the drawing to those device pixels, inside the image's frame; the
    /// frame's edges there are whole pixels or already in `clip` (`clipping(_:to:within:)`), so
    /// no mask is made for them.
    func draw(_ image: Image, transform: Transform, clip: CoverageMask? = nil, extendEdges: Bool, ownKernels: Bool = true,
              visible: PixelRect? = nil) {
        let toDevice = transform.concatenating(deviceTransform)
        guard let fromDevice = toDevice.inverted else { return }
        // Image pixels under one device pixel along the image's own axes. A frame thinner than
        // 1/256 of a device pixel changes no pixel by a whole level.
        let scaleX = (fromDevice.a * fromDevice.a + fromDevice.c * fromDevice.c).squareRoot()
        let scaleY = (fromDevice.b * fromDevice.b + fromDevice.d * fromDevice.d).squareRoot()
        guard Double(image.width) / scaleX >= 1.0 / 256, Double(image.height) / scaleY >= 1.0 / 256 else { return }
        let plan = ResamplingPlan(scaleX: scaleX, scaleY: scaleY)
        if plan.reduces, let reduced = image.boxReduced(factorX: plan.reduceX, factorY: plan.reduceY) {
            // Each reduced pixel stands for a block of source pixels: the same frame, fewer taps.
            let blocks = Transform.scale(x: Double(image.width) / Double(reduced.width), y: Double(image.height) / Double(reduced.height))
            draw(reduced, transform: blocks.concatenating(transform), clip: clip, extendEdges: extendEdges, ownKernels: ownKernels,
                 visible: visible)
            return
        }
        let corners = [Point(x: 0, y: 0), Point(x: Double(image.width), y: 0),
                       Point(x: 0, y: Double(image.height)), Point(x: Double(image.width), y: Double(image.height))]
            .map(toDevice.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let deviceRect = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let covered = extendEdges ? pixelBounds : PixelRect(enclosing: deviceRect)
        let area = covered.intersection(drawableBounds(clip)).intersection(visible ?? pixelBounds)
        guard !area.isEmpty else { return }

        var matrix = pixmanTransform(fromDevice)
        let filter = ResamplingFilter(fromDevice: fromDevice)
        var mask = clip
        // Resampling filters reach past the image's edge; padding keeps its border colour
        // there, and the frame's own coverage gives fractional edges their soft pixel.
        let padded = extendEdges || toDevice.isAxisAligned
        if !extendEdges, toDevice.isAxisAligned, visible == nil {
            let frameIsWholePixels = [deviceRect.minX, deviceRect.minY, deviceRect.maxX, deviceRect.maxY].allSatisfy { $0 == $0.rounded() }
            if !frameIsWholePixels {
                mask = makeClip(Path(rect: deviceRect), transform: deviceTransform.inverted ?? .identity, within: clip)
            }
        }
        if ownKernels, padded, case .separableConvolution(let parameters) = filter,
           let (convolved, opaque) = image.convolvedLikePixman(parameters: parameters, matrix: matrix, area: area) {
            composite(Self.operator(opaque: opaque, coverage: mask), source: convolved.buffer.pixmanImage(), coverage: mask,
                      destination: destination(for: area), sourceOrigin: (0, 0), destinationRect: area)
            return
        }
        let source = image.buffer.pixmanImage()
        pixman_image_set_transform(source.handle, &matrix)
        filter.apply(to: source)
        if padded { pixman_image_set_repeat(source.handle, PIXMAN_REPEAT_PAD) }
        // Padded, an opaque image samples opaque everywhere (its filters' weights sum to one),
        // so where no mask intervenes OVER is a copy, which pixman does without blending.
        let op = Self.operator(opaque: padded && mask == nil && (image.knownOpaque || image.isOpaque), coverage: mask)
        composite(op, source: source, coverage: mask, destination: destination(for: area),
                  sourceOrigin: (area.x, area.y), destinationRect: area)
    }

    // MARK: Helpers

    func drawableBounds(_ clip: CoverageMask?) -> PixelRect {
        clip.map { $0.bounds.intersection(pixelBounds) } ?? pixelBounds
    }

    func pixmanPaint(_ paint: Paint, toDevice: Transform) -> PixmanImage? {
        let stops = paint.sortedStops
        switch paint {
        case .solid(let color):
            return PixmanImage.solid(color)
        case .linearGradient, .radialGradient:
            guard let first = stops.first else { return nil }
            guard stops.count > 1, let inverse = toDevice.inverted else { return PixmanImage.solid(first.color) }
            let pixmanStops = stops.map { stop in
                pixman_gradient_stop_t(x: fixed(stop.offset), color: pixman_color_t(
                    red: UInt16((stop.color.red * 65535).rounded()), green: UInt16((stop.color.green * 65535).rounded()),
                    blue: UInt16((stop.color.blue * 65535).rounded()), alpha: UInt16((stop.color.alpha * 65535).rounded())))
            }
            var handle: OpaquePointer?
            let k = paint.pixmanGeometryScale
            let fromDevice = k == 1 ? inverse : inverse.concatenating(.scale(x: k, y: k))
            if case .linearGradient(let start, let end, _) = paint {
                var p1 = pixman_point_fixed_t(x: fixed(start.x * k), y: fixed(start.y * k))
                var p2 = pixman_point_fixed_t(x: fixed(end.x * k), y: fixed(end.y * k))
                // Ends that pixman cannot tell apart are `from` equal to `to`: the last stop.
                guard p1.x != p2.x || p1.y != p2.y else { return PixmanImage.solid(stops.last!.color) }
                handle = pixman_image_create_linear_gradient(&p1, &p2, pixmanStops, Int32(pixmanStops.count))
            } else if case .radialGradient(let center, let radius, _) = paint {
                guard fixed(radius * k) > 0 else { return PixmanImage.solid(stops.last!.color) }
                var c = pixman_point_fixed_t(x: fixed(center.x * k), y: fixed(center.y * k))
                handle = pixman_image_create_radial_gradient(&c, &c, 0, fixed(radius * k), pixmanStops, Int32(pixmanStops.count))
            }
            guard let handle else { return PixmanImage.solid(first.color) }
            let image = PixmanImage(handle)
            var matrix = pixmanTransform(fromDevice)
            pixman_image_set_transform(handle, &matrix)
            pixman_image_set_repeat(handle, PIXMAN_REPEAT_PAD)
            return image
        }
    }
}

extension Paint {
    /// pixman reads a gradient's points and the device-to-paint transform in 16.16 fixed
    /// point, which saturates at ±32,767: a gradient reaching beyond ±16,384 points is handed
    /// to it in a space shrunk by a power of two, the transform shrunk with it, so its colours
    /// fall where they should (ends at ±20,000 points painted the first stop everywhere).
    /// 1 for every other paint, whose numbers are passed as they are.
    var pixmanGeometryScale: Double {
        let extent: Double
        switch self {
        case .linearGradient(let start, let end, _): extent = max(abs(start.x), abs(start.y), abs(end.x), abs(end.y))
        case .radialGradient(let center, let radius, _): extent = max(abs(center.x), abs(center.y)) + radius
        default: return 1
        }
        guard extent.isFinite, extent > 16384 else { return 1 }
        return exp2(-(log2(extent / 16384)).rounded(.up))
    }
}

/// pixman's 16.16 fixed point, saturating.
func fixed(_ v: Double) -> pixman_fixed_t {
    pixman_fixed_t(clamping: Int64((min(max(v, -32767), 32767) * 65536).rounded()))
}

func pixmanTransform(_ t: Transform) -> pixman_transform_t {
    pixman_transform_t(matrix: (
        (fixed(t.a), fixed(t.c), fixed(t.tx)),
        (fixed(t.b), fixed(t.d), fixed(t.ty)),
        (0, 0, fixed(1))))
}

/// The background of a canvas whose rows are written on first use: `color` for every row
/// outside `written`, the one band of rows that holds the canvas's own pixels.
private struct DeferredBackground {
    let color: UInt32
    var written: Range<Int> = 0..<0
}
