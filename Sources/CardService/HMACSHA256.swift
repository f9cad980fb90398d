import CCrypto

/// HMAC-SHA256 over libcrypto, with the C status checked: a failed call is an error, never a
/// buffer of zeros that a forged signature could equal.
enum HMACSHA256 {
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String { "HMAC-SHA256 failed in libcrypto" }
    }

    /// The 32-byte MAC of `message` under `key`.
    static func mac(key: [UInt8], message: [UInt8]) throws(Failure) -> [UInt8] {
        try key.withUnsafeBufferPointer { k throws(Failure) in try mac(key: k, message: message) }
    }

    /// The same over a key buffer; what the C call receives is exactly `key`'s start and count.
    static func mac(key: UnsafeBufferPointer<UInt8>, message: [UInt8]) throws(Failure) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let status = message.withUnsafeBufferPointer { m in
            out.withUnsafeMutableBufferPointer { o in
                sc_hmac_sha256(key.baseAddress, key.count, m.baseAddress, m.count, o.baseAddress)
            }
        }
        guard status == 0 else { throw Failure() }
        return out
    }

    /// Equal in time independent of the contents (both 32 bytes).
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == 32, b.count == 32 else { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { sc_constant_time_equal(x.baseAddress, $0.baseAddress, 32) } } == 1
    }
}
