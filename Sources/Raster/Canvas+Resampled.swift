import CPixman
import Geometry

extension Canvas {
    /// An image shrunk along at least one axis by an axis-aligned transform: resampled once,
    /// separably, into exactly the device pixels it covers (`Image.resampled`), then composited
    /// pixel for pixel. Samples past the image's edge repeat its border, as pixman's padding
    /// does on the general path; without `extendEdges` the frame's own coverage gives its
    /// fractional edges their soft pixel. `visible` limits it to those device pixels, as for
    /// `draw(_:transform:clip:extendEdges:ownKernels:visible:)`.
    func drawResampled(_ image: Image, toDevice: Transform, fromDevice: Transform, clip: CoverageMask?, extendEdges: Bool,
                       visible: PixelRect? = nil) {
        let deviceRect = Rect(x: toDevice.tx, y: toDevice.ty,
                              width: toDevice.a * Double(image.width), height: toDevice.d * Double(image.height))
        let covered = extendEdges ? pixelBounds : PixelRect(enclosing: deviceRect)
        let area = covered.intersection(drawableBounds(clip)).intersection(visible ?? pixelBounds)
        guard !area.isEmpty else { return }
        let (resampled, opaque) = image.resampledReportingOpacity(columns: area.width, rows: area.height,
                                                                  originX: fromDevice.tx + fromDevice.a * Double(area.x),
                                                                  originY: fromDevice.ty + fromDevice.d * Double(area.y),
                                                                  stepX: fromDevice.a, stepY: fromDevice.d)
        var mask = clip
        let frameIsWholePixels = [deviceRect.minX, deviceRect.minY, deviceRect.maxX, deviceRect.maxY].allSatisfy { $0 == $0.rounded() }
        if !extendEdges, visible == nil, !frameIsWholePixels {
            mask = makeClip(Path(rect: deviceRect), transform: deviceTransform.inverted ?? .identity, within: clip)
        }
        composite(Self.operator(opaque: opaque, coverage: mask), source: resampled.buffer.pixmanImage(), coverage: mask,
                  destination: destination(for: area), sourceOrigin: (0, 0), destinationRect: area)
    }

    /// OVER, or SRC (a copy) for opaque pixels through no mask, where OVER gives the same bytes
    /// with a test of each pixel's alpha. With a mask SRC would clear what the mask leaves out.
    static func `operator`(opaque: Bool, coverage: CoverageMask?) -> pixman_op_t {
        opaque && coverage == nil ? PIXMAN_OP_SRC : PIXMAN_OP_OVER
    }
}
