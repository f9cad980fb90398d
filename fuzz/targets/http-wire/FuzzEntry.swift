import FuzzHarness

/// libFuzzer calls this once per input; `main` is libFuzzer's own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    FuzzTarget.httpWire.run(data, count: count)
    return 0
}
