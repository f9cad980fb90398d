import BufferText
import CCrypto
import Foundation

/// SHA-256 as lowercase hex, for data-file versions and cache keys.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        hex(digest: sha256(bytes))
    }

    /// The 32 bytes of SHA-256 of `bytes`.
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256($0) }
    }

    /// The 32 bytes of SHA-256 of the bytes in `buffer` (a mapped file's, unread before).
    public static func sha256(_ buffer: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = sc_sha256(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count, &digest)
        // Fails only when libcrypto cannot be loaded (a broken installation, which the commands
        // that hash report before starting: `libraryProblem`) or fails itself (out of memory):
        // never because of the input.
        if status != 0 { fatalError(libraryProblem() ?? "libcrypto could not compute a SHA-256 digest") }
        return digest
    }

    /// Why this process cannot hash, or nil: libcrypto is opened on the first digest, and when
    /// it cannot be loaded the message names the file tried and the Debian package. A command
    /// that will hash asks before it starts work, to fail with this message.
    public static func libraryProblem() -> String? {
        var message = [CChar](repeating: 0, count: 1024)
        guard sc_crypto_open(&message, message.count) != 0 else { return nil }
        return message.stringBeforeNUL
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
