#if canImport(Glibc)
import Glibc
#endif

/// Runs `body` with `strings` as a C array of `const char *` (for a C function taking a list of
/// names and its count); the copies live only during the call.
public func withCStringArray<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) throws -> Result) rethrows -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return try body(copies.map { UnsafePointer($0) })
}
