/// A query parameter's whole number as a URL writes one: ASCII digits only, no sign, no
/// leading zero, at most nine digits. Swift's `Int(_:)` also takes `+2` and `002`, so two
/// spellings of one card would pass where the API description allows one.
enum WholeNumberParameter {
    static func value(_ text: String) -> Int? {
        let bytes = text.utf8
        guard (1...9).contains(bytes.count), bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              bytes.first != 0x30 || bytes.count == 1 else { return nil }
        return Int(text)
    }
}
