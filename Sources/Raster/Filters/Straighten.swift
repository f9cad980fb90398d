import Foundation
import Geometry

extension Image {
    /// The factor by which a w×h picture rotated by `radians` must be enlarged to cover the
    /// original w×h frame: the frame, rotated back, has a bounding box of
    /// (w·|cos| + h·|sin|) × (w·|sin| + h·|cos|), which the enlarged picture must contain.
    static func straightenScale(width w: Double, height h: Double, radians: Double) -> Double {
        let c = abs(cos(radians)), s = abs(sin(radians))
        return max((w * c + h * s) / w, (w * s + h * c) / h)
    }

    /// Where `straightened(by:)` puts a point of a w×h picture: turned about the centre and
    /// enlarged by `straightenScale`. Uniform, so it holds for the picture at any size.
    static func straightenTransform(width w: Double, height h: Double, radians: Double) -> Transform {
        let scale = straightenScale(width: w, height: h, radians: radians)
        return Transform.translation(x: -w / 2, y: -h / 2)
            .concatenating(.scale(x: scale, y: scale))
            // Transform.rotation turns clockwise on screen (y down).
            .concatenating(.rotation(radians: -radians))
            .concatenating(.translation(x: w / 2, y: h / 2))
    }

    /// Rotated about its centre by `radians`, positive counter-clockwise on screen as Core
    /// Image's `CIStraightenFilter` turns in its y-up space, and enlarged just enough to cover
    /// the same w×h frame (so cropped, with no empty corners). Any angle: π turns it upside down.
    func straightened(by radians: Double) -> Image {
        let transform = Image.straightenTransform(width: Double(width), height: Double(height), radians: radians)
        guard let canvas = try? Canvas(size: size) else { return self }
        canvas.draw(self, transform: transform, extendEdges: true)
        return canvas.makeImage()
    }
}

extension Filter {
    /// Where a point of a w×h image lands once the filter has run (the straightening's turn
    /// and enlargement); nil for a filter that moves no pixel.
    public func pointTransform(width: Double, height: Double) -> Transform? {
        guard case .straighten(let radians) = self else { return nil }
        return Image.straightenTransform(width: width, height: height, radians: radians)
    }
}

extension Sequence where Element == Filter {
    /// Where a point of a w×h image lands once the whole chain has run: `start`, then each
    /// filter's move in order; nil when no filter of the chain moves a pixel.
    public func pointTransform(width: Double, height: Double, after start: Transform = .identity) -> Transform? {
        let moves = compactMap { $0.pointTransform(width: width, height: height) }
        return moves.isEmpty ? nil : moves.reduce(start) { $0.concatenating($1) }
    }
}
