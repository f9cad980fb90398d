extension Array where Element == CChar {
    /// The bytes before the first NUL (all of them when there is none) read as UTF-8: the
    /// message the plug-in or its loader wrote into this buffer.
    var stringBeforeNUL: String {
        String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
