import Foundation

/// The colour matrix of a hue adjustment by `radians` with Core Image's `CIHueAdjust` meaning:
/// Apple documents only "an angle, in radians", so the formula is the classic one, the NTSC YIQ
/// rotation: convert to YIQ (FCC 1953 coefficients), keep the luma Y, turn the chroma (I, Q) by
/// the angle, convert back — T = M⁻¹ · R · M with
///
///     M = | 0.299   0.587   0.114 |      R = | 1     0      0   |
///         | 0.5959 −0.2746 −0.3213 |          | 0   cos θ  sin θ |
///         | 0.2115 −0.5227  0.3112 |          | 0  −sin θ  cos θ |
///
/// A positive angle moves hues the way the colour wheel's angle grows (red → yellow → green,
/// the direction of CSS `hue-rotate`): red turned by 2π/3 is green. The I and Q rows sum to 0,
/// so T's rows sum to 1: greys stay grey and premultiplied colour can be transformed directly.
/// Rows give R', G', B' from R, G, B.
func hueAdjustMatrix(radians: Double) -> [Double] {
    let m: [[Double]] = [[0.299, 0.587, 0.114], [0.5959, -0.2746, -0.3213], [0.2115, -0.5227, 0.3112]]
    let c = cos(radians), s = sin(radians)
    let r: [[Double]] = [[1, 0, 0], [0, c, s], [0, -s, c]]
    func product(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }
    return product(product(inverse3x3(m), r), m).flatMap { $0 }
}

/// The inverse of an invertible 3×3 matrix (adjugate over determinant).
private func inverse3x3(_ m: [[Double]]) -> [[Double]] {
    let (a, b, c) = (m[0][0], m[0][1], m[0][2])
    let (d, e, f) = (m[1][0], m[1][1], m[1][2])
    let (g, h, i) = (m[2][0], m[2][1], m[2][2])
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]
}

extension Image {
    func hueAdjusted(by radians: Double) -> Image {
        colorMatrixApplied(hueAdjustMatrix(radians: radians))
    }
}
