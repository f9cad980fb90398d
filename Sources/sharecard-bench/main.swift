import Foundation
import Scene
import Typesetting

// sharecard-bench: per-stage medians on this machine, beside peers run in the same process
// tree, reported as ratios (machines here are shared and noisy; compare ratios, not ms).
//   swift run -c release sharecard-bench [--iterations N] [--cpu-time] [--stage raster|typesetting|fallback|card|presets|templates|faces|photo|photo-layout|encode|lossy|png-photo]...
// png-photo (every libdeflate level × row filter on the photo cards, several minutes) runs only when named.
// --cpu-time times each run by the CPU time of the timing thread (here and in the peers)
// instead of the wall clock: on a machine busy with other work, waits for a core drop out.
// The faces stage prints its own rows on the wall clock, the calling thread's CPU and the
// process's CPU at once; --cpu-time there picks the peer's clock (and so the ratio's).

var iterations = 200
let allStages = ["raster", "typesetting", "fallback", "card", "presets", "templates", "faces", "photo", "photo-layout", "encode", "lossy"]
let namedOnlyStages = ["png-photo"]
var stages: Set<String> = []
var arguments = CommandLine.arguments.dropFirst()
while let arg = arguments.popFirst() {
    switch arg {
    case "--iterations":
        guard let v = arguments.popFirst().flatMap(Int.init), v > 0 else {
            FileHandle.standardError.write(Data("sharecard-bench: --iterations needs a positive number\n".utf8))
            exit(2)
        }
        iterations = v
    case "--stage":
        guard let v = arguments.popFirst(), (allStages + namedOnlyStages).contains(v) else {
            FileHandle.standardError.write(Data("sharecard-bench: --stage needs one of \((allStages + namedOnlyStages).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        stages.insert(v)
    case "--cpu-time":
        setenv(cpuTimeVariable, "1", 1)  // read by measure() and inherited by the peer scripts
    case "--help", "-h":
        print("USAGE: sharecard-bench [--iterations N] [--cpu-time] [--stage raster|typesetting|fallback|card|presets|templates|faces|photo|photo-layout|encode|lossy|png-photo]... (default: every stage but png-photo)")
        exit(0)
    default:
        FileHandle.standardError.write(Data("sharecard-bench: unknown option '\(arg)'\n".utf8))
        exit(2)
    }
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
do {
    let recipe = try SceneParser.load(contentsOf: root.appendingPathComponent("examples/recipe-shapes.json"))
    print("# sharecard-bench (\(iterations) runs per stage, medians\(measuresCPUTime() ? " of thread CPU time" : ""))")
    if stages.isEmpty { stages = Set(allStages) }
    if stages.contains("raster") {
        try RasterBench.run(iterations: iterations, recipe: recipe, peerScript: root.appendingPathComponent("bench/peer_raster.py").path)
    }
    if stages.contains("typesetting") {
        let fonts = try FontLibrary(directory: root.appendingPathComponent("fonts").path)
        try TypesettingBench.run(iterations: iterations, fonts: fonts, peerScript: root.appendingPathComponent("bench/peer_pango.py").path)
    }
    if stages.contains("fallback") {
        try FallbackBench.run(iterations: iterations, root: root, peerScript: root.appendingPathComponent("bench/peer_pango_fallback.py").path)
    }
    if stages.contains("card") { try CardBench.run(iterations: iterations, root: root, batchEvents: 2000) }
    if stages.contains("presets") { try PresetBench.run(iterations: iterations, root: root) }
    if stages.contains("templates") { try TemplateBench.run(iterations: iterations, root: root) }
    if stages.contains("faces") { try FaceBench.run(iterations: iterations, root: root) }
    if stages.contains("photo") { try PhotoBench.run(iterations: iterations, root: root) }
    if stages.contains("photo") { try PhotoCardFacesCached.run(iterations: iterations, root: root) }
    if stages.contains("photo-layout") { try PhotoLayoutBench.run(iterations: iterations, root: root) }
    if stages.contains("encode") { try EncodeBench.run(iterations: max(5, iterations / 10), root: root) }
    if stages.contains("lossy") { try JPEGTablesBench.run(iterations: max(5, iterations / 4), root: root) }
    if stages.contains("png-photo") { try PNGPhotoBench.run(iterations: max(3, iterations / 4), root: root) }
} catch {
    FileHandle.standardError.write(Data("sharecard-bench: \(error)\n".utf8))
    exit(1)
}
