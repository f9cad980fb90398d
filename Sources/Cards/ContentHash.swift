import Foundation
import CCrypto

/// SHA-256 as lowercase hex, for data-file versions and cache keys.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        hex(digest: sha256(bytes))
    }

    /// The 32 bytes of SHA-256 of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBufferPointer { sc_sha256($0.baseAddress, $0.count, &digest) }
        // Fails only when libcrypto itself does (out of memory): not something input can cause.
        precondition(status == 0, "libcrypto could not compute a SHA-256 digest")
        return digest
    }

    /// A digest as lowercase hex.
    public static func hex(digest: [UInt8]) -> String {
        // A table lookup rather than String(format:) per byte: this runs for every card
        // request (ETags), where formatting dominated the cost of a cached answer.
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8](repeating: 0, count: 64)
        for (i, byte) in digest.enumerated() {
            text[2 * i] = digits[Int(byte >> 4)]
            text[2 * i + 1] = digits[Int(byte & 0x0F)]
        }
        return String(decoding: text, as: UTF8.self)
    }
}
