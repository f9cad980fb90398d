// Public for the modules above that fill C message buffers too (Cards' hashing library check).
extension Array where Element == CChar {
    /// The bytes before the first NUL (all of them when there is none) read as UTF-8: the
    /// text a C function wrote into this buffer.
    public var stringBeforeNUL: String {
        String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
