@testable import Raster

/// One box pass (horizontal, then vertical) of radius `r` on one 8-bit channel, by summing every
/// window and rounding to nearest: the plain reference the blur kernels are checked against.
func naiveBoxBlur(_ input: [UInt8], width: Int, height: Int, stride: Int, radius r: Int, edges: BlurEdges) -> [UInt8] {
    var plane = input
    for horizontal in [true, false] {
        let source = plane
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0
                for k in -r...r {
                    var sx = horizontal ? x + k : x, sy = horizontal ? y : y + k
                    if sx < 0 || sx >= width || sy < 0 || sy >= height {
                        guard edges == .extended else { continue }
                        sx = min(max(sx, 0), width - 1)
                        sy = min(max(sy, 0), height - 1)
                    }
                    sum += Int(source[sy * stride + sx])
                }
                let window = 2 * r + 1
                plane[y * stride + x] = UInt8((sum + window / 2) / window)
            }
        }
    }
    return plane
}
