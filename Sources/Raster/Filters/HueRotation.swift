import Foundation

/// The SVG `feColorMatrix type="hueRotate"` coefficients for an angle: rows give R', G', B'
/// from R, G, B. Each row sums to 1, so greys are unchanged and the matrix applies to
/// premultiplied colour as well as to straight colour.
func hueRotationMatrix(radians: Double) -> [Double] {
    let c = cos(radians), s = sin(radians)
    return [
        0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
        0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
        0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
    ]
}

extension Image {
    func hueRotated(by radians: Double) -> Image {
        colorMatrixApplied(hueRotationMatrix(radians: radians))
    }

    /// Fixed-point (12 fractional bits) application of a 3×3 colour matrix (rows give R', G',
    /// B' from R, G, B) whose rows each sum to 1, so it applies to premultiplied colour as to
    /// straight colour; results are clamped to 0…alpha so pixels stay valid premultiplied colour.
    func colorMatrixApplied(_ matrix: [Double]) -> Image {
        let m = matrix.map { Int32(($0 * 4096).rounded()) }
        let out = PixelBuffer(uninitializedWidth: width, height: height)  // every pixel written below
        let src = buffer.pixels, dst = out.pixels
        for i in 0..<buffer.count {
            let p = src[i]
            let a = Int32(p >> 24), r = Int32((p >> 16) & 0xFF), g = Int32((p >> 8) & 0xFF), b = Int32(p & 0xFF)
            func channel(_ k: Int) -> UInt32 {
                let v = (m[k] * r + m[k + 1] * g + m[k + 2] * b + 2048) >> 12
                return UInt32(min(max(v, 0), a))
            }
            dst[i] = UInt32(a) << 24 | channel(0) << 16 | channel(3) << 8 | channel(6)
        }
        return Image(buffer: out)
    }
}
