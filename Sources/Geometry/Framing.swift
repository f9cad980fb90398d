/// Where an aspect-fill crop of a photo falls so that the faces in it stay in the picture, and
/// which edge of the crop is clear for a title band.
///
/// The crop is the largest rectangle of the target's aspect ratio inside the image (no zoom
/// beyond what aspect fill needs), so only one axis is free: x when the image is wider than the
/// target's shape, y when it is taller. Along that axis each face needs the interval from
/// `headroom` face heights above its top (vertical axis only; never above the image) to its far
/// edge. If every face's interval fits in the crop, the crop is centred on their union (moved as
/// little as needed to stay in the image); otherwise on the largest group whose intervals fit
/// together (most faces, then most face area, then nearest the image's centre). With no face, or
/// no face that fits, the crop is centred on the image (or on the largest face).
public struct Framing: Hashable, Sendable {
    /// An edge of the crop a title band can sit along.
    public enum Edge: String, Hashable, Sendable, Codable {
        case top, bottom
    }

    /// The crop, in the image's pixels, with the target's aspect ratio.
    public let crop: Rect
    /// Indices (into the faces given) of the faces wholly inside the crop, in order.
    public let keptFaces: [Int]
    /// The edge whose band (`bandFraction` of the crop's height) no face in the crop, nor the
    /// headroom above it, touches; when
    /// both are clear, the one farther from the faces (bottom on a tie); nil when neither is.
    public let clearEdge: Edge?

    /// Frames `faces` (in the image's pixels) for a target of `targetSize`'s aspect ratio.
    /// `headroom`: space kept above each face, in face heights; `bandFraction`: the title band's
    /// height as a fraction of the crop's height. Empty image or target sizes give an empty crop.
    public init(imageSize: Size, targetSize: Size, faces: [Rect], headroom: Double = 0.3, bandFraction: Double = 0.25) {
        guard !imageSize.isEmpty, !targetSize.isEmpty else {
            self.init(crop: .zero, keptFaces: [], clearEdge: nil)
            return
        }
        let imageAspect = imageSize.width / imageSize.height, targetAspect = targetSize.width / targetSize.height
        let vertical = imageAspect < targetAspect
        let length = vertical ? imageSize.height : imageSize.width
        let cropLength = vertical ? imageSize.width / targetAspect : imageSize.height * targetAspect
        let faces = faces.map { $0.intersection(Rect(origin: .zero, size: imageSize)) }

        // Each face's interval along the free axis.
        let intervals: [(start: Double, end: Double)] = faces.map { f in
            vertical ? (max(0, f.minY - headroom * f.height), f.maxY) : (f.minX, f.maxX)
        }
        let centre: Double
        if let group = Framing.largestGroup(intervals: intervals, faces: faces, cropLength: cropLength, axisLength: length) {
            let start = group.map { intervals[$0].start }.min()!, end = group.map { intervals[$0].end }.max()!
            centre = (start + end) / 2
        } else if let largest = faces.indices.filter({ !faces[$0].isEmpty }).max(by: { faces[$0].width * faces[$0].height < faces[$1].width * faces[$1].height }) {
            centre = vertical ? faces[largest].midY : faces[largest].midX
        } else {
            centre = length / 2
        }
        let offset = min(max(centre - cropLength / 2, 0), length - cropLength)
        let crop = vertical ? Rect(x: 0, y: offset, width: imageSize.width, height: cropLength)
                            : Rect(x: offset, y: 0, width: cropLength, height: imageSize.height)
        let kept = faces.indices.filter { i in
            !faces[i].isEmpty && faces[i].intersection(crop) == faces[i]
        }
        // A title must not cover the hair either: each face counts with its headroom.
        let occupied = faces.filter { !$0.intersection(crop).isEmpty }.map { f in
            Rect(x: f.minX, y: f.minY - headroom * f.height, width: f.width, height: f.height * (1 + headroom))
        }
        self.init(crop: crop, keptFaces: kept, clearEdge: Framing.clearEdge(crop: crop, faces: occupied, bandFraction: bandFraction))
    }

    public init(crop: Rect, keptFaces: [Int], clearEdge: Edge?) {
        self.crop = crop
        self.keptFaces = keptFaces
        self.clearEdge = clearEdge
    }

    /// Where the whole image is drawn so that `crop` exactly fills `bounds`.
    public func imageFrame(imageSize: Size, in bounds: Rect) -> Rect {
        guard crop.width > 0, crop.height > 0 else { return bounds }
        let sx = bounds.width / crop.width, sy = bounds.height / crop.height
        return Rect(x: bounds.minX - crop.minX * sx, y: bounds.minY - crop.minY * sy,
                    width: imageSize.width * sx, height: imageSize.height * sy)
    }

    /// The indices of the best group of intervals that fit together in `cropLength`, or nil when
    /// no single interval fits. A group is every interval inside a window starting at some
    /// interval's start, so n windows cover every maximal group.
    static func largestGroup(intervals: [(start: Double, end: Double)], faces: [Rect], cropLength: Double,
                             axisLength: Double) -> [Int]? {
        var best: (members: [Int], area: Double, distance: Double)?
        for i in intervals.indices where !faces[i].isEmpty {
            let windowStart = intervals[i].start, windowEnd = windowStart + cropLength
            let members = intervals.indices.filter { j in
                !faces[j].isEmpty && intervals[j].start >= windowStart && intervals[j].end <= windowEnd
            }
            guard !members.isEmpty else { continue }
            let area = members.reduce(0) { $0 + faces[$1].width * faces[$1].height }
            let start = members.map { intervals[$0].start }.min()!, end = members.map { intervals[$0].end }.max()!
            let distance = abs((start + end) / 2 - axisLength / 2)
            if let b = best {
                if members.count < b.members.count { continue }
                if members.count == b.members.count {
                    if area < b.area { continue }
                    if area == b.area, distance >= b.distance { continue }
                }
            }
            best = (members, area, distance)
        }
        return best?.members
    }

    static func clearEdge(crop: Rect, faces: [Rect], bandFraction: Double) -> Edge? {
        let band = crop.height * min(max(bandFraction, 0), 1)
        let topBandEnd = crop.minY + band, bottomBandStart = crop.maxY - band
        guard let highest = faces.map(\.minY).min(), let lowest = faces.map(\.maxY).max() else { return .bottom }
        let topGap = highest - topBandEnd, bottomGap = bottomBandStart - lowest
        switch (topGap >= 0, bottomGap >= 0) {
        case (true, true): return topGap > bottomGap ? .top : .bottom
        case (true, false): return .top
        case (false, true): return .bottom
        case (false, false): return nil
        }
    }
}
