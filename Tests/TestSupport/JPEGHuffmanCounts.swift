/// The Huffman tables' code-length counts in a JPEG's DHT segments, by class and id.
public enum JPEGHuffmanCounts {
    /// Annex K.3: luminance and chrominance DC (0/0, 0/1), luminance and chrominance AC (1/0, 1/1).
    public static let standard: [String: [UInt8]] = [
        "0/0": [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
        "0/1": [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
        "1/0": [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
        "1/1": [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
    ]

    /// Empty when the file has no DHT segment before its first scan.
    public static func of(_ jpeg: [UInt8]) -> [String: [UInt8]] {
        var tables: [String: [UInt8]] = [:]
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xDA { break }
            if marker == 0xC4 {
                var p = i + 4
                while p + 17 <= min(jpeg.count, i + 2 + length) {
                    let counts = Array(jpeg[p + 1..<p + 17])
                    tables["\(jpeg[p] >> 4)/\(jpeg[p] & 0xF)"] = counts
                    p += 17 + counts.reduce(0) { $0 + Int($1) }
                }
            }
            i += 2 + length
        }
        return tables
    }
}
