import Foundation

/// A 2-D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty),
/// the same convention as Core Graphics' `CGAffineTransform`.
public struct Transform: Hashable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(x: Double, y: Double) -> Transform {
        Transform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(x: Double, y: Double) -> Transform {
        Transform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Rotation by `radians`, clockwise on screen (y grows downwards).
    public static func rotation(radians: Double) -> Transform {
        let cs = cos(radians), sn = sin(radians)
        return Transform(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }

    /// `self` applied first, then `next`.
    public func concatenating(_ next: Transform) -> Transform {
        Transform(a: a * next.a + b * next.c,
                  b: a * next.b + b * next.d,
                  c: c * next.a + d * next.c,
                  d: c * next.b + d * next.d,
                  tx: tx * next.a + ty * next.c + next.tx,
                  ty: tx * next.b + ty * next.d + next.ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform collapses the plane.
    public var inverted: Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                         tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// The smallest axis-aligned rectangle holding `rect`'s four corners once transformed.
    public func boundingBox(of rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// True when the transform only scales and translates (keeps rectangles axis-aligned).
    public var isAxisAligned: Bool { b == 0 && c == 0 }
}
