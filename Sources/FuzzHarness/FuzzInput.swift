/// Reads choices off the front of a fuzz input, so one byte string can pick options as well
/// as carry text. Past the end every read gives zero, so short inputs still make choices.
struct FuzzInput {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }

    /// A value in `range`, in 256 steps.
    mutating func fraction(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(byte()) / 255
    }

    /// Everything not yet read.
    var rest: [UInt8] { offset < bytes.count ? Array(bytes[offset...]) : [] }
}
