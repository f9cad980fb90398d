/// The text a C function wrote into `buffer`: the bytes before the first NUL (all of them when
/// there is none), read as UTF-8.
public func textBeforeNUL(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
