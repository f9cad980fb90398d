// Text a C function wrote into a buffer its caller provided: a message, a name, an address.
// The C side may fill the buffer to its end without a NUL, so these never read past it.
//
// Both are `@inlinable` so that each caller gets code specialised for its own buffer type:
// across the module boundary an unspecialised generic walked the buffer one element at a time
// through witness tables, about 19,000 instructions for a script code in a five-byte buffer, and
// 1.7 million of a one-card render's 15.6 million (callgrind).

extension Collection where Element == CChar {
    /// The bytes before the first NUL (all of them when there is none) read as UTF-8, with
    /// ill-formed sequences replaced by U+FFFD.
    @inlinable
    public var stringBeforeNUL: String {
        let contiguous = withContiguousStorageIfAvailable { chars in
            chars.withMemoryRebound(to: UInt8.self) { bytes in
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.endIndex)]), as: UTF8.self)
            }
        }
        return contiguous ?? String(decoding: lazy.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Collection where Element == UInt8 {
    /// The bytes before the first NUL (all of them when there is none) read as UTF-8, with
    /// ill-formed sequences replaced by U+FFFD: for a C struct's `char` array seen as raw bytes.
    @inlinable
    public var stringBeforeNUL: String {
        let contiguous = withContiguousStorageIfAvailable { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: 0) ?? bytes.endIndex)]), as: UTF8.self)
        }
        return contiguous ?? String(decoding: lazy.prefix { $0 != 0 }, as: UTF8.self)
    }
}
