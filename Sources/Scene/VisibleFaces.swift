import Geometry

/// The parts of the event photo's faces a card shows, in canvas points, for choices that keep
/// text off them: each face's box raised by `headroom` face heights for the hair, where an
/// image put it (clipped as the image and its groups clip), less what opaque rectangles drawn
/// since cover. A face partly covered leaves the pieces of its box outside the cover; each
/// piece remembers its face, so text is judged against each face it touches.
struct VisibleFaces: Hashable, Sendable {
    /// Face heights above each face's box that count as the face (the hair).
    static let headroom = 0.3
    /// Past this many pieces a cover no longer splits a piece it covers in part (it still
    /// removes those it covers whole): each split makes up to four, so thin covers crossing
    /// each other would otherwise multiply the pieces. A piece kept whole only counts more of
    /// the card as face.
    static let maximumPieces = 256

    /// A visible part of one face's raised box; `face` numbers the faces in the order added.
    private struct Piece: Hashable, Sendable {
        let face: Int
        let rect: Rect
    }

    private var pieces: [Piece] = []
    private var facesAdded = 0

    /// The visible parts of every face, in canvas points.
    var regions: [Rect] { pieces.map(\.rect) }

    var isEmpty: Bool { pieces.isEmpty }

    /// The total area of the regions, in square points.
    var area: Double { pieces.reduce(0) { $0 + $1.rect.width * $1.rect.height } }

    /// A face's box raised by `headroom` face heights for the hair.
    static func raised(_ face: Rect) -> Rect {
        Rect(x: face.minX, y: face.minY - headroom * face.height, width: face.width, height: face.height * (1 + headroom))
    }

    /// Adds a face whose box on the canvas is `face`, raised for the hair and clipped to `clip`.
    mutating func add(face: Rect, clippedTo clip: Rect?) {
        add(region: Self.raised(face), clippedTo: clip)
    }

    /// Adds a face whose raised box (`raised(_:)`, perhaps turned since) on the canvas is
    /// `region`, clipped to `clip`.
    mutating func add(region: Rect, clippedTo clip: Rect?) {
        var region = region
        if let clip { region = region.intersection(clip) }
        if !region.isEmpty { pieces.append(Piece(face: facesAdded, rect: region)) }
        facesAdded += 1
    }

    /// How many faces have been added (the next one's number).
    var faceCount: Int { facesAdded }

    /// Moves the pieces of the faces numbered `first` and on by `transform` (each to the
    /// bounding box of its turned corners), clipped to `clip`: a filter turned them.
    mutating func move(facesAddedSince first: Int, by transform: Transform, clippedTo clip: Rect?) {
        pieces = pieces.compactMap { piece in
            guard piece.face >= first else { return piece }
            var rect = transform.boundingBox(of: piece.rect)
            if let clip { rect = rect.intersection(clip) }
            return rect.isEmpty ? nil : Piece(face: piece.face, rect: rect)
        }
    }

    /// Removes what an opaque `cover` hides.
    mutating func hide(under cover: Rect) {
        guard !cover.isEmpty else { return }
        var result: [Piece] = []
        for piece in pieces {
            let hidden = piece.rect.intersection(cover)
            if hidden.isEmpty {
                result.append(piece)
            } else if hidden != piece.rect {
                let parts = pieces.count + result.count < Self.maximumPieces ? Self.pieces(of: piece.rect, outside: hidden) : [piece.rect]
                result += parts.map { Piece(face: piece.face, rect: $0) }
            }
        }
        pieces = result
    }

    /// The area, in square points, where `boxes` overlap the regions.
    func overlap(with boxes: [Rect]) -> Double {
        boxes.reduce(0) { total, box in
            pieces.reduce(total) { sum, piece in sum + Self.area(box.intersection(piece.rect)) }
        }
    }

    /// The largest share of any one face's visible area that `boxes` cover: a title across a
    /// small face beside a large one counts by the small face, not by the two faces' total.
    func largestCoveredShare(by boxes: [Rect]) -> Double {
        var visible: [Int: Double] = [:], covered: [Int: Double] = [:]
        for piece in pieces {
            visible[piece.face, default: 0] += Self.area(piece.rect)
            covered[piece.face, default: 0] += boxes.reduce(0) { $0 + Self.area($1.intersection(piece.rect)) }
        }
        return visible.reduce(0) { largest, face in face.value > 0 ? max(largest, covered[face.key, default: 0] / face.value) : largest }
    }

    private static func area(_ rect: Rect) -> Double { rect.isEmpty ? 0 : rect.width * rect.height }

    /// `region` less `hole` (a rectangle inside it) as up to four rectangles: the full-width
    /// strips above and below the hole, and the parts beside it.
    static func pieces(of region: Rect, outside hole: Rect) -> [Rect] {
        [Rect(x: region.minX, y: region.minY, width: region.width, height: hole.minY - region.minY),
         Rect(x: region.minX, y: hole.maxY, width: region.width, height: region.maxY - hole.maxY),
         Rect(x: region.minX, y: hole.minY, width: hole.minX - region.minX, height: hole.height),
         Rect(x: hole.maxX, y: hole.minY, width: region.maxX - hole.maxX, height: hole.height)].filter { !$0.isEmpty }
    }
}
