import Foundation

/// Wall-clock timing of a closure: a few warm-up runs, then the median of `iterations`.
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
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return Measurement(name: name, medianMilliseconds: median(samples), iterations: iterations, note: note)
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
/// when the peer is not installed (run `scripts/setup --bench`).
func runPeer(_ script: String, arguments: [String]) -> [String: Double]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
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
