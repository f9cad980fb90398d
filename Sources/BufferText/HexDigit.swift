/// An ASCII hexadecimal digit's value: for `%XX` in a request target and a `#rrggbb` colour.
public enum HexDigit {
    /// 0…15 for `0`–`9`, `a`–`f` and `A`–`F`; nil for any other byte.
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
