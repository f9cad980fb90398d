// Text a C function wrote into a buffer its caller provided: a message, a name, an address.
// The C side may fill the buffer to its end without a NUL, so these never read past it.

extension Collection where Element == CChar {
    /// The bytes before the first NUL (all of them when there is none) read as UTF-8, with
    /// ill-formed sequences replaced by U+FFFD.
    public var stringBeforeNUL: String {
        String(decoding: lazy.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Collection where Element == UInt8 {
    /// The bytes before the first NUL (all of them when there is none) read as UTF-8, with
    /// ill-formed sequences replaced by U+FFFD: for a C struct's `char` array seen as raw bytes.
    public var stringBeforeNUL: String {
        String(decoding: lazy.prefix { $0 != 0 }, as: UTF8.self)
    }
}
