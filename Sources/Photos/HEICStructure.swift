import BufferText
import CImageDecode

/// What decoding a HEIC's primary image would cost, read from its boxes alone (no HEVC is
/// decoded): the HEVC images libheif decodes for it (a grid's cells, or the image itself, and
/// their alpha planes) and the pixels their sequence parameter sets code, which is the work,
/// where the sizes a file declares (`ispe`) are only claims. `Photo` reads this before libheif
/// sees a HEIC, bounded at twice its pixel limit and 1024 cells.
public struct HEICStructure: Sendable, Equatable {
    /// The primary item's declared size (`ispe`), in stored pixels.
    public let declaredWidth: Int
    public let declaredHeight: Int
    /// The primary grid's rows and columns as declared; 1 × 1 when it is not a grid.
    public let rows: Int
    public let columns: Int
    /// HEVC images decoded for the primary image.
    public let cells: Int
    /// The largest size any of them is coded at (the SPS's `pic_width/height_in_luma_samples`).
    public let largestCellWidth: Int
    public let largestCellHeight: Int
    /// Their coded pixels, summed.
    public let codedPixels: Int

    /// Reads `data`'s structure, refusing it (`.tooLarge`) when its coded pixels exceed
    /// `maxCodedPixels` or its HEVC images `maxCells`, and (`.corrupt`) when its boxes do not
    /// parse, a cell is coded far larger than it declares, a grid names more cells than its
    /// rows × columns or is laid out at another size than its `ispe`, references loop, an image
    /// has no `hvcC` or carries its own parameter sets in its data; `.unsupported` for an
    /// overlay (`iovl`) or an image that is not HEVC.
    public init(data: [UInt8], maxCodedPixels: Int, maxCells: Int) throws(PhotoError) {
        var bounds = sc_heic_bounds(max_coded_pixels: UInt64(clamping: max(0, maxCodedPixels)),
                                    max_cells: UInt32(clamping: max(0, maxCells)))
        var structure = sc_heic_structure()
        var message = [CChar](repeating: 0, count: 512)
        let status = data.withUnsafeBufferPointer { bytes in
            sc_heic_read_structure(bytes.baseAddress, bytes.count, &bounds, &structure, &message, message.count)
        }
        let text = message.stringBeforeNUL
        switch Int(status) {
        case SC_IMAGE_OK: break
        case SC_IMAGE_TOO_LARGE, SC_IMAGE_NO_MEMORY: throw .tooLarge(text)
        case SC_IMAGE_UNSUPPORTED: throw .unsupportedFormat(text)
        default: throw .corrupt(text.isEmpty ? "unknown error" : text)
        }
        declaredWidth = Int(structure.declared_width)
        declaredHeight = Int(structure.declared_height)
        rows = Int(structure.rows)
        columns = Int(structure.columns)
        cells = Int(structure.cells)
        largestCellWidth = Int(structure.largest_cell_width)
        largestCellHeight = Int(structure.largest_cell_height)
        codedPixels = Int(clamping: structure.coded_pixels)
    }
}
