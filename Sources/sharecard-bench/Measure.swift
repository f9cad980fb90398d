import Foundation

/// Set (to "1") by `--cpu-time`: time by the calling thread's CPU time, not the wall clock.
let cpuTimeVariable = "SHARECARD_BENCH_CPU_TIME"

func measuresCPUTime() -> Bool { ProcessInfo.processInfo.environment[cpuTimeVariable] == "1" }

/// Nanoseconds on the clock `measure` uses.
private func now(cpuTime: Bool) -> UInt64 {
    guard cpuTime else { return DispatchTime.now().uptimeNanoseconds }
    var t = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0 else { return DispatchTime.now().uptimeNanoseconds }
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

/// Timing of a closure (wall clock, or thread CPU time with `--cpu-time`): a few warm-up
/// runs, then the median of `iterations`.
struct Measurement {
    let name: String
    let medianMilliseconds: Double
    let iterations: Int
    var note: String = ""
}

func measure(_ name: String, iterations: Int, note: String = "", _ body: () throws -> Void) rethrows -> Measurement {
    for _ in 0..<min(3, iterations) { try body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    let cpuTime = measuresCPUTime()
    for _ in 0..<iterations {
        let start = now(cpuTime: cpuTime)
        try body()
        samples.append(Double(now(cpuTime: cpuTime) - start) / 1e6)
    }
    return Measurement(name: name, medianMilliseconds: median(samples), iterations: iterations, note: note)
}

/// Timing of a closure on three clocks at once, each run read on all three: the wall clock, the
/// calling thread's CPU time and the whole process's (which counts the work of other threads, a
/// thread pool's included). A few warm-up runs, then the medians of `iterations`.
func measureClocks(_ name: String, iterations: Int, note: String = "", _ body: () throws -> Void) rethrows
    -> (wall: Measurement, thread: Measurement, process: Measurement)
{
    for _ in 0..<min(3, iterations) { try body() }
    func cpu(_ clock: clockid_t) -> UInt64 {
        var t = timespec()
        guard clock_gettime(clock, &t) == 0 else { return 0 }
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
    var wall: [Double] = [], thread: [Double] = [], process: [Double] = []
    for _ in 0..<iterations {
        let w = DispatchTime.now().uptimeNanoseconds, t = cpu(CLOCK_THREAD_CPUTIME_ID), p = cpu(CLOCK_PROCESS_CPUTIME_ID)
        try body()
        let p1 = cpu(CLOCK_PROCESS_CPUTIME_ID), t1 = cpu(CLOCK_THREAD_CPUTIME_ID), w1 = DispatchTime.now().uptimeNanoseconds
        wall.append(Double(w1 - w) / 1e6)
        thread.append(Double(t1 - t) / 1e6)
        process.append(Double(p1 - p) / 1e6)
    }
    return (Measurement(name: name + ", wall", medianMilliseconds: median(wall), iterations: iterations, note: note),
            Measurement(name: name + ", calling thread's CPU", medianMilliseconds: median(thread), iterations: iterations),
            Measurement(name: name + ", process CPU (all threads)", medianMilliseconds: median(process), iterations: iterations))
}

/// One run of `body`, in ms on `measure`'s clock.
func timeOnce(_ body: () throws -> Void) rethrows -> Double {
    let cpuTime = measuresCPUTime()
    let start = now(cpuTime: cpuTime)
    try body()
    return Double(now(cpuTime: cpuTime) - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

func printTable(_ title: String, _ rows: [Measurement]) {
    print("\n## \(title)\n")
    print("| stage | median ms | runs | note |")
    print("|---|---:|---:|---|")
    for r in rows {
        print("| \(r.name) | \(String(format: "%.3f", r.medianMilliseconds)) | \(r.iterations) | \(r.note) |")
    }
}

/// Runs a peer script (Python) that prints lines of tab-separated fields ending in a median
/// in ms; the result maps the fields before the last (joined by a tab) to that median. Nil
/// when the peer is not installed (run `scripts/setup --bench`). `python` runs it (Debian's by
/// default).
func runPeer(_ script: String, arguments: [String], python: String = "/usr/bin/python3") -> [String: Double]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var results: [String: Double] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let parts = line.split(separator: "\t")
        if parts.count >= 2, let v = Double(parts[parts.count - 1]) { results[parts.dropLast().joined(separator: "\t")] = v }
    }
    return results.isEmpty ? nil : results
}
