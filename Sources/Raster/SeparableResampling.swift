import CRasterKernels
import Foundation

/// Axis-aligned resampling as two one-dimensional passes with weights computed once per
/// output column and once per output row: Lanczos-3 widened by the shrink factor (so every
/// source pixel is seen when shrinking, and nothing aliases), which is what Pillow's
/// `Image.resize(…, LANCZOS)` does, in the same order (rows first, 8-bit intermediate, 22-bit
/// fixed-point weights). A per-pixel 2-D convolution costs taps² per output pixel; this costs
/// 2 × taps, and the weights are shared by every row (or column).
///
/// The two passes' inner loops are C (`CRasterKernels`), built for AVX2 where the machine has it.
///
/// When shrinking by a large factor the image is first box-averaged by the whole factor
/// that leaves at least 2 for the filter (Pillow's `reducing_gap = 2`), so the filter stays
/// short whatever the factor.

/// The weights of one axis: output pixel `i` is the sum over `k < taps` of
/// `source[first[i] + k] × weights[i × taps + k]`, weights in fixed point (1 << 22 = 1.0).
struct ResamplingAxis: Equatable {
    static let precisionBits = 22
    /// Half-width of the Lanczos window in (widened) pixels.
    static let support = 3.0

    let outputCount: Int
    let taps: Int
    let first: [Int]
    let weights: [Int32]

    /// Output pixel `i` (0 ≤ i < outputCount) is centred on source coordinate
    /// `sourceOrigin + (i + 0.5) × sourcePerOutput` (source pixel `j` covers [j, j + 1)).
    /// Taps outside 0..<sourceLength are dropped and the rest renormalised (Pillow's edge);
    /// an output centred outside the source (a blur's reach past the frame) takes the nearest
    /// edge pixel: renormalising what would be left of its window, mostly negative lobes, gave
    /// weights many times 1.0 and fixed-point sums past `Int32`.
    init(sourceLength: Int, outputCount: Int, sourceOrigin: Double, sourcePerOutput: Double) {
        precondition(sourceLength > 0 && outputCount > 0 && sourcePerOutput > 0)
        let widen = max(sourcePerOutput, 1)
        let support = ResamplingAxis.support * widen
        let taps = min(sourceLength, Int((support * 2).rounded(.up)) + 1)
        var first = [Int](repeating: 0, count: outputCount)
        var weights = [Int32](repeating: 0, count: outputCount * taps)
        var real = [Double](repeating: 0, count: taps)
        let one = Double(1 << ResamplingAxis.precisionBits)
        for i in 0..<outputCount {
            let center = sourceOrigin + (Double(i) + 0.5) * sourcePerOutput
            var low = Int((center - support + 0.5).rounded(.down))
            var high = Int((center + support + 0.5).rounded(.down))
            low = max(0, low)
            high = min(sourceLength, high, low + taps)
            var total = 0.0
            if low < high, (0...Double(sourceLength)).contains(center) {
                for k in 0..<(high - low) {
                    let w = lanczos3((Double(low + k) - center + 0.5) / widen)
                    real[k] = w
                    total += w
                }
            }
            if low >= high || total == 0 {
                // Centred outside the image: its nearest edge pixel, as padding would give.
                low = min(max(Int(center.rounded(.down)), 0), sourceLength - 1)
                high = low + 1
                real[0] = 1
                total = 1
            }
            // The window can start late near the right edge; keep it inside the image.
            let start = min(low, sourceLength - taps)
            first[i] = start
            for k in 0..<(high - low) {
                let w = real[k] / total
                // Rounded half away from zero, as Pillow does.
                weights[i * taps + (low - start) + k] = Int32((w * one + (w < 0 ? -0.5 : 0.5)).rounded(.towardZero))
            }
        }
        self.outputCount = outputCount
        self.taps = taps
        self.first = first
        self.weights = weights
    }
}

/// sin(πx)/(πx) · sin(πx/3)/(πx/3) for |x| < 3, else 0.
func lanczos3(_ x: Double) -> Double {
    let ax = abs(x)
    guard ax < 3 else { return 0 }
    guard ax > 1e-12 else { return 1 }
    let px = Double.pi * x
    return 3 * sin(px) * sin(px / 3) / (px * px)
}

extension Image {
    /// The pixels of a `columns` × `rows` output grid whose pixel (i, j) is centred on image
    /// coordinate (`originX + (i + 0.5) × stepX`, `originY + (j + 0.5) × stepY`), Lanczos-3
    /// resampled (see the file comment); steps are image pixels per output pixel, > 0.
    /// Premultiplied in and out: each colour is clamped to its alpha.
    func resampled(columns: Int, rows: Int, originX: Double, originY: Double, stepX: Double, stepY: Double) -> Image {
        resampledReportingOpacity(columns: columns, rows: rows, originX: originX, originY: originY, stepX: stepX, stepY: stepY).image
    }

    /// `resampled`, and whether every output pixel is opaque (found while clamping, so it
    /// costs no pass of its own).
    func resampledReportingOpacity(columns: Int, rows: Int, originX: Double, originY: Double,
                                   stepX: Double, stepY: Double) -> (image: Image, isOpaque: Bool) {
        // Large shrinks: box-average by whole factors first, leaving a factor of at least 2.
        // A step that is a whole number in exact arithmetic (10 for 300 → 30) can arrive a
        // rounding error short of it from an inverted transform: that must not change the factor.
        func factor(_ step: Double) -> Int { max(1, Int(min(step * (1 + 1e-9) / 2, Double(Int32.max)))) }
        let reduceX = factor(stepX), reduceY = factor(stepY)
        if reduceX > 1 || reduceY > 1, let reduced = boxReduced(factorX: reduceX, factorY: reduceY) {
            // Reduced pixel j stands for source pixels [j × factor, (j + 1) × factor) (the last
            // block padded with the edge pixels).
            let fx = Double(min(reduceX, width)), fy = Double(min(reduceY, height))
            return reduced.resampledReportingOpacity(columns: columns, rows: rows, originX: originX / fx, originY: originY / fy,
                                                     stepX: stepX / fx, stepY: stepY / fy)
        }
        let horizontal = ResamplingAxis(sourceLength: width, outputCount: columns, sourceOrigin: originX, sourcePerOutput: stepX)
        let vertical = ResamplingAxis(sourceLength: height, outputCount: rows, sourceOrigin: originY, sourcePerOutput: stepY)
        // Only the source rows the vertical pass reads are filtered horizontally.
        let firstRow = vertical.first.min()!, lastRow = vertical.first.max()! + vertical.taps
        let middleRows = lastRow - firstRow
        // Neither is filled first: each middle row is written whole by one horizontal pass, and
        // each output row by one vertical pass, before anything reads it.
        let middle = UnsafeMutablePointer<UInt8>.allocate(capacity: middleRows * columns * 4)
        defer { middle.deallocate() }
        let out = PixelBuffer(uninitializedWidth: columns, height: rows)
        let source = buffer.pixels
        let sourceWidth = width
        source.withMemoryRebound(to: UInt8.self, capacity: width * height * 4) { bytes in
            filterRows(bytes + firstRow * sourceWidth * 4, strideBytes: sourceWidth * 4, count: middleRows, into: middle,
                       axis: horizontal)
        }
        vertical.weights.withUnsafeBufferPointer { weights in
            out.pixels.withMemoryRebound(to: UInt8.self, capacity: columns * rows * 4) { outBytes in
                filterColumns(middle, rowBytes: columns * 4, firstRow: firstRow, into: outBytes,
                              axis: vertical, weights: weights.baseAddress!)
            }
        }
        // Negative lobes can lift a colour over its alpha: keep the pixels premultiplied.
        let opaque = out.pixels.withMemoryRebound(to: UInt8.self, capacity: out.count * 4) { sc_clamp_colour_to_alpha($0, out.count) }
        return (Image(buffer: out), opaque == 1)
    }
}

/// `count` rows of 4-byte pixels through the horizontal weights into packed rows of `target`
/// (`sc_resample_rows`, which lays the weights out for its vector loop once for all the rows).
private func filterRows(_ rows: UnsafePointer<UInt8>, strideBytes: Int, count: Int, into target: UnsafeMutablePointer<UInt8>,
                        axis: ResamplingAxis) {
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: sc_resample_rows_scratch_bytes(axis.outputCount, axis.taps),
                                                   alignment: 32)
    defer { scratch.deallocate() }
    axis.first.withUnsafeBufferPointer { first in
        axis.weights.withUnsafeBufferPointer { weights in
            sc_resample_rows(rows, strideBytes, count, target, axis.outputCount * 4, axis.outputCount, first.baseAddress!,
                             weights.baseAddress!, axis.taps, scratch)
        }
    }
}

/// The filtered rows (`middle`, whose row 0 is source row `firstRow`) through the vertical
/// weights, a whole output row at a time so the inner loop runs along memory
/// (`sc_resample_column`).
private func filterColumns(_ middle: UnsafePointer<UInt8>, rowBytes: Int, firstRow: Int, into out: UnsafeMutablePointer<UInt8>,
                           axis: ResamplingAxis, weights: UnsafePointer<Int32>) {
    axis.first.withUnsafeBufferPointer { first in
        for y in 0..<axis.outputCount {
            sc_resample_column(middle + (first[y] - firstRow) * rowBytes, rowBytes, out + y * rowBytes, weights + y * axis.taps, axis.taps)
        }
    }
}
