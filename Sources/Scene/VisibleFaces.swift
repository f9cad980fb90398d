import Geometry

/// The parts of the event photo's faces a card shows, in canvas points, for choices that keep
/// text off them: each face's box raised by `headroom` face heights for the hair, where an
/// image put it (clipped as the image and its groups clip), less what opaque rectangles drawn
/// since cover. A face partly covered leaves the pieces of its box outside the cover.
struct VisibleFaces: Hashable, Sendable {
    /// Face heights above each face's box that count as the face (the hair).
    static let headroom = 0.3
    /// Past this many pieces a cover no longer splits a piece it covers in part (it still
    /// removes those it covers whole): each split makes up to four, so thin covers crossing
    /// each other would otherwise multiply the pieces. A piece kept whole only counts more of
    /// the card as face.
    static let maximumPieces = 256

    private(set) var regions: [Rect] = []

    var isEmpty: Bool { regions.isEmpty }

    /// The total area of the regions, in square points.
    var area: Double { regions.reduce(0) { $0 + $1.width * $1.height } }

    /// Adds a face whose box on the canvas is `face`, raised for the hair and clipped to `clip`.
    mutating func add(face: Rect, clippedTo clip: Rect?) {
        var region = Rect(x: face.minX, y: face.minY - Self.headroom * face.height, width: face.width, height: face.height * (1 + Self.headroom))
        if let clip { region = region.intersection(clip) }
        if !region.isEmpty { regions.append(region) }
    }

    /// Removes what an opaque `cover` hides.
    mutating func hide(under cover: Rect) {
        guard !cover.isEmpty else { return }
        var result: [Rect] = []
        for region in regions {
            let hidden = region.intersection(cover)
            if hidden.isEmpty {
                result.append(region)
            } else if hidden != region {
                result += regions.count + result.count < Self.maximumPieces ? Self.pieces(of: region, outside: hidden) : [region]
            }
        }
        regions = result
    }

    /// The area, in square points, where `boxes` overlap the regions.
    func overlap(with boxes: [Rect]) -> Double {
        boxes.reduce(0) { total, box in
            regions.reduce(total) { sum, region in
                let overlap = box.intersection(region)
                return overlap.isEmpty ? sum : sum + overlap.width * overlap.height
            }
        }
    }

    /// `region` less `hole` (a rectangle inside it) as up to four rectangles: the full-width
    /// strips above and below the hole, and the parts beside it.
    static func pieces(of region: Rect, outside hole: Rect) -> [Rect] {
        [Rect(x: region.minX, y: region.minY, width: region.width, height: hole.minY - region.minY),
         Rect(x: region.minX, y: hole.maxY, width: region.width, height: region.maxY - hole.maxY),
         Rect(x: region.minX, y: hole.minY, width: hole.minX - region.minX, height: hole.height),
         Rect(x: hole.maxX, y: hole.minY, width: region.maxX - hole.maxX, height: hole.height)].filter { !$0.isEmpty }
    }
}
