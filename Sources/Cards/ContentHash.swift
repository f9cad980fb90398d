import Foundation
import CCrypto

/// SHA-256 as lowercase hex, for data-file versions and cache keys.
public enum ContentHash {
    public static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { sc_sha256($0.baseAddress, $0.count, &digest) }
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
