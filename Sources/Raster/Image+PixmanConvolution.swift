import CPixman
import CRasterKernels

extension Image {
    /// What pixman's separable convolution with padded edges (the filter `parameters` of
    /// `ResamplingFilter.separableConvolution`) fetches for the device pixels of `area` through
    /// `matrix` (device → image, 16.16), computed by
    /// `sc_convolve_padded` with the same integers, so the same bytes, and whether every pixel
    /// is opaque. Nil when the matrix rotates or skews, or the kernel cannot take it: pixman
    /// then draws.
    func convolvedLikePixman(parameters: [pixman_fixed_t], matrix: pixman_transform_t,
                             area: PixelRect) -> (image: Image, isOpaque: Bool)? {
        let m = matrix.matrix
        guard m.0.1 == 0, m.1.0 == 0, m.2.0 == 0, m.2.1 == 0, m.2.2 == pixman_fixed_t(1 << 16), !area.isEmpty else { return nil }
        let out = PixelBuffer(uninitializedWidth: area.width, height: area.height)
        let result = parameters.withUnsafeBufferPointer { params in
            sc_convolve_padded(buffer.pixels, width, height, params.baseAddress, params.count,
                               m.0.0, m.0.2, m.1.1, m.1.2, area.x, area.y, area.width, area.height, out.pixels)
        }
        // Every pixel was written unless the kernel declined.
        guard result >= 0 else { return nil }
        return (Image(buffer: out), result == 1)
    }
}
