import Foundation

/// The format an encoded image's first bytes name: png, jpeg, webp, webp-lossless, or "?".
enum ImageMagic {
    static func format(_ data: Data) -> String {
        let b = [UInt8](data)
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if b.count > 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return b[15] == UInt8(ascii: "L") ? "webp-lossless" : "webp" }
        return "?"
    }
}
