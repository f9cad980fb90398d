/// "Crop to the face": the part of a photo that fills a target of a given aspect ratio with
/// its main face — a head-and-shoulders portrait, as for an avatar circle.
///
/// The main face is the largest (by area), then the one whose centre is nearest the image's
/// centre. The crop's shorter side is `shorterSideInFaceHeights` face heights (2.4 by default:
/// 0.8 above the face box for hair and air, 0.6 below the chin), centred on the face
/// horizontally and `raiseInFaceHeights` above its centre vertically. A crop larger than the
/// image shrinks to fit, keeping its aspect; one that runs over an edge slides back inside,
/// so a face near the edge sits off centre rather than beside an empty band.
public struct FaceCrop: Hashable, Sendable {
    /// The crop, in the image's pixels, of the target's aspect ratio and inside the image.
    public let crop: Rect
    /// The index (into the faces given) of the face the crop is built around.
    public let mainFace: Int

    /// Nil when there is no face (non-empty inside the image) or the sizes are empty.
    public init?(imageSize: Size, targetSize: Size, faces: [Rect], shorterSideInFaceHeights: Double = 2.4,
                 raiseInFaceHeights: Double = 0.1) {
        guard !imageSize.isEmpty, !targetSize.isEmpty, let main = FaceCrop.mainFace(faces, imageSize: imageSize) else { return nil }
        let face = faces[main].intersection(Rect(origin: .zero, size: imageSize))
        let aspect = targetSize.width / targetSize.height
        let side = face.height * shorterSideInFaceHeights
        var width = aspect >= 1 ? side * aspect : side, height = aspect >= 1 ? side : side / aspect
        // Too large for the image: the largest crop of the aspect that fits.
        let shrink = min(1, imageSize.width / width, imageSize.height / height)
        width *= shrink
        height *= shrink
        let centreX = face.midX, centreY = face.midY - raiseInFaceHeights * face.height
        let x = min(max(centreX - width / 2, 0), imageSize.width - width)
        let y = min(max(centreY - height / 2, 0), imageSize.height - height)
        crop = Rect(x: x, y: y, width: width, height: height)
        mainFace = main
    }

    /// The largest face, then the one nearest the image's centre, then the first; nil when no
    /// face has any area inside the image.
    public static func mainFace(_ faces: [Rect], imageSize: Size) -> Int? {
        let image = Rect(origin: .zero, size: imageSize)
        let centre = Point(x: imageSize.width / 2, y: imageSize.height / 2)
        var best: (index: Int, area: Double, distance: Double)?
        for (i, f) in faces.enumerated() {
            let inside = f.intersection(image)
            guard !inside.isEmpty else { continue }
            let area = inside.width * inside.height
            let dx = inside.midX - centre.x, dy = inside.midY - centre.y
            let distance = (dx * dx + dy * dy).squareRoot()
            if let b = best, area < b.area || (area == b.area && distance >= b.distance) { continue }
            best = (i, area, distance)
        }
        return best?.index
    }
}
