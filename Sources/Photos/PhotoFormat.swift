/// The file formats a photo may come in, recognised by their first bytes (never by a file
/// name or a declared content type, which strangers choose).
public enum PhotoFormat: String, Sendable, CaseIterable {
    /// `heic` is any HEIF file by its `ftyp` major brand (HEVC stills and sequences, the
    /// generic `mif1`/`msf1`, and AVIF's, which the decoder names as unsupported).
    case jpeg, png, webp, heic

    static let heifBrands = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "avif", "avis"]

    /// The format whose signature `bytes` start with, or nil.
    public init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4),
                  Self.heifBrands.contains(where: { starts(Array($0.utf8), at: 8) }) {
            self = .heic
        } else {
            return nil
        }
    }
}
