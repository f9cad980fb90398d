import BufferText
import CICU

/// Calls one of the shim's boundary functions (graphemes, words) on UTF-16 text: the
/// boundaries as offsets, ascending, or the shim's message as an error.
enum ICUBoundaries {
    typealias Function = (UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, Int32,
                          UnsafeMutablePointer<CChar>?, Int) -> Int32

    static func offsets(_ units: [UInt16], locale: LocaleIdentifier, _ function: Function) throws -> [Int] {
        let length = try UTF16Text.checkedCount(units.count)
        var offsets = [Int32](repeating: 0, count: units.count + 1)
        var message = [CChar](repeating: 0, count: 128)
        let capacity = Int32(offsets.count)
        let count = units.withUnsafeBufferPointer { text in
            locale.rawValue.withCString { loc in
                function(text.baseAddress, length, loc, &offsets, capacity, &message, message.count)
            }
        }
        guard count >= 0 else { throw UnicodeTextError.icu(message.stringBeforeNUL) }
        return offsets[0..<Int(count)].map { Int($0) }
    }
}
