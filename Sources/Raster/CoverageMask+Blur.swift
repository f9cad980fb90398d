extension CoverageMask {
    /// The mask blurred by a Gaussian of standard deviation `sigmaInPixels`: the same blur,
    /// with the same values, as `Filter.gaussianBlur`, on the mask's one plane. The result's
    /// bounds grow by the blur's reach on every side, so nothing is cut off; outside the
    /// mask counts as zero coverage. Below σ = 0.2 the result is a copy.
    public func gaussianBlurred(sigmaInPixels sigma: Double) -> CoverageMask {
        let widths = gaussianBoxWidths(sigma: sigma)
        guard !widths.isEmpty else { return self }
        let reach = widths.reduce(0) { $0 + $1 / 2 }
        var out = CoverageMask(bounds: PixelRect(x: bounds.x - reach, y: bounds.y - reach,
                                                 width: bounds.width + 2 * reach, height: bounds.height + 2 * reach))
        let outBounds = out.bounds, outStride = out.strideBytes
        out.withUnsafeMutableBytes { target in
            withUnsafeBytes { source in
                for y in 0..<bounds.height {
                    (target.baseAddress! + (y + reach) * outStride + reach)
                        .update(from: source.baseAddress! + y * strideBytes, count: bounds.width)
                }
            }
            boxBlur(target, width: outBounds.width, height: outBounds.height, strideBytes: outStride,
                    boxWidths: widths, edges: .transparent)
        }
        return out
    }
}
