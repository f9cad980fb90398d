/// A property of the code under test that must hold for every input. A violation traps, so
/// libFuzzer records it as a crash with the input that caused it.
enum FuzzCheck {
    static func that(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                     file: StaticString = #fileID, line: UInt = #line) {
        if !condition() { fatalError("fuzz property violated: \(message())", file: file, line: line) }
    }
}
