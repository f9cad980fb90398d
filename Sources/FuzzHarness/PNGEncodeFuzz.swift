import CImageEncode
import Geometry
import Raster

/// The PNG encoder on pixels the input chooses: read back by libpng, the same pixels; encoded
/// twice, the same bytes; drawn in a band of a canvas that leaves its other rows unwritten, the
/// bytes of that canvas's pixels written out in full. Then the scanline compressor alone on the input's bytes as rows, in
/// both modes: the same stream whether or not it skips the bytes it can show start no match.
enum PNGEncodeFuzz {
    typealias Deflate = PNGEncoding.DeflateSettings

    /// `cards`, and settings whose tiers a small image reaches: the photo tier above 300
    /// colours (run blocks, or libdeflate 1 by a sample), each compressor alone, and the
    /// deflate check at a bound every stream passes, taking libdeflate whenever it is no
    /// larger, or never.
    static let encodings: [PNGEncoding] = {
        let many = try! Deflate.ManyColours(above: 256, rows: .init(level: 1, filter: .shiftedOrUp))
        let photos = try! Deflate.ManyColours(above: 300, rows: .runBlocks(filter: .repeatFlatOrPaeth))
        func tiers(_ check: Deflate.DeflateCheck?) -> PNGEncoding {
            .deflate(try! Deflate(rgb: .scanlines(filter: .none), indexed: .scanlines(filter: .none), manyColours: many,
                                  photoColours: photos, photoAlternative: try! .init(level: 1, filter: .up), scanlinesFallbackPerMille: 100,
                                  deflateCheck: check))
        }
        var all: [PNGEncoding] = [
            .cards, tiers(nil),
            tiers(try! .init(abovePerMille: 1, level: 1, atMostPercent: 100)),
            tiers(try! .init(abovePerMille: 1, level: 9, atMostPercent: 1)),
        ]
        for filter in Deflate.RowFilter.allCases {
            all.append(.deflate(Deflate(rgb: .runBlocks(filter: filter), indexed: nil)))
            all.append(.deflate(Deflate(rgb: .scanlines(filter: filter), indexed: .scanlines(filter: filter))))
        }
        return all
    }()

    static func run(_ input: [UInt8]) {
        var options = FuzzInput(input)
        let width = 1 + Int(options.byte()) % 96, height = 1 + Int(options.byte()) % 48
        let encoding = options.pick(encodings)
        let rowBytes = 1 + Int(options.byte()) % 300, pixelBytes = options.pick([1, 3, 4])
        var placement = FuzzInput(Array(options.rest.prefix(3)))
        let rest = options.rest
        // Opaque pixels from the rest, three bytes each, repeated as far as needed (so short
        // inputs make repeated rows and runs).
        let pixels: [UInt32] = (0..<width * height).map { i in
            guard !rest.isEmpty else { return 0xFF00_0000 }
            let at = 3 * i
            return 0xFF00_0000 | UInt32(rest[at % rest.count]) << 16 | UInt32(rest[(at + 1) % rest.count]) << 8 | UInt32(rest[(at + 2) % rest.count])
        }
        guard let image = try? Image(width: width, height: height, premultipliedARGB: pixels) else {
            return FuzzCheck.that(false, "\(width)×\(height) opaque pixels were refused")
        }
        do {
            let png = try image.pngData(encoding: encoding)
            let decoded = try Image(pngData: png).premultipliedARGB, again = try image.pngData(encoding: encoding)
            FuzzCheck.that(decoded == pixels, "\(width)×\(height): libpng reads other pixels back")
            FuzzCheck.that(again == png, "\(width)×\(height): a second encode wrote other bytes")
        } catch {
            FuzzCheck.that(false, "\(width)×\(height): \(error)")
        }
        deferredCanvas(showing: image, encoding: encoding, placement: &placement)

        let rows = rest.count / rowBytes
        guard rows > 0 else { return }
        for photo: Int32 in [0, 1] {
            let streams = [Int32(0), 1].map { byteByByte -> [UInt8] in
                var out: UnsafeMutablePointer<UInt8>?
                var size = 0
                let status = rest.withUnsafeBufferPointer {
                    sc_deflate_scanlines($0.baseAddress, rowBytes, rows, pixelBytes, photo, byteByByte, &out, &size)
                }
                defer { sc_encode_free(out) }
                FuzzCheck.that(status == 0 && out != nil, "the scanline compressor failed on \(rows) rows of \(rowBytes) bytes")
                return out.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            }
            FuzzCheck.that(streams[0] == streams[1],
                           "\(rows) rows of \(rowBytes) bytes, \(pixelBytes)-byte pixels, photo \(photo): skipping changed the stream")
        }
    }

    /// The image drawn in a band of rows of a taller canvas whose background is written only
    /// where something is drawn: its PNG, read from one background row above and below the
    /// band, must be the bytes of its pixels written out in full.
    static func deferredCanvas(showing image: Image, encoding: PNGEncoding, placement: inout FuzzInput) {
        let above = Int(placement.byte()) % 24, below = Int(placement.byte()) % 24
        let ground = Color(red: Double(placement.byte()) / 255, green: 0.4, blue: 0.6)
        guard let canvas = try? Canvas(size: Size(width: Double(image.width), height: Double(above + image.height + below)),
                                       background: ground) else {
            return FuzzCheck.that(false, "a \(image.width)-pixel-wide canvas was refused")
        }
        canvas.draw(image, atDevicePixelX: 0, y: above)
        do {
            let deferred = try canvas.pngData(encoding: encoding)
            let whole = try canvas.makeImage().pngData(encoding: encoding)
            FuzzCheck.that(deferred == whole,
                           "\(image.width)×\(image.height) with \(above) rows above and \(below) below: the deferred rows encode otherwise")
        } catch {
            FuzzCheck.that(false, "a deferred canvas: \(error)")
        }
    }
}
