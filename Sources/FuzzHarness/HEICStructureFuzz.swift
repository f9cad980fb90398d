import Photos

/// A HEIC's box structure read as `Photo` reads it before libheif sees the file, under bounds
/// small enough that the seeds' grids reach them. What is accepted is within the bounds and
/// adds up, and reading the same bytes again gives the same answer.
enum HEICStructureFuzz {
    static let maxCodedPixels = 1 << 20
    static let maxCells = 64

    static func run(_ input: [UInt8]) {
        let first: Result<HEICStructure, PhotoError> = Result { () throws(PhotoError) in
            try HEICStructure(data: input, maxCodedPixels: maxCodedPixels, maxCells: maxCells)
        }
        let again: Result<HEICStructure, PhotoError> = Result { () throws(PhotoError) in
            try HEICStructure(data: input, maxCodedPixels: maxCodedPixels, maxCells: maxCells)
        }
        FuzzCheck.that(first == again, "read twice: \(first) then \(again)")
        guard case .success(let structure) = first else { return }
        FuzzCheck.that((1...maxCells).contains(structure.cells), "\(structure.cells) cells")
        FuzzCheck.that(structure.codedPixels <= maxCodedPixels, "\(structure.codedPixels) coded pixels")
        // The largest width and height may be two cells' (each within the sum).
        FuzzCheck.that((1...structure.codedPixels).contains(structure.largestCellWidth)
                       && (1...structure.codedPixels).contains(structure.largestCellHeight)
                       && structure.codedPixels <= structure.cells * structure.largestCellWidth * structure.largestCellHeight,
                       "cells of up to \(structure.largestCellWidth)×\(structure.largestCellHeight) summing to \(structure.codedPixels)")
        FuzzCheck.that((1...256).contains(structure.rows) && (1...256).contains(structure.columns),
                       "a grid of \(structure.rows)×\(structure.columns)")
    }
}
