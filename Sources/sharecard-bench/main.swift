import Foundation
import Scene
import Typesetting

// sharecard-bench: per-stage medians on this machine, beside peers run in the same process
// tree, reported as ratios (machines here are shared and noisy; compare ratios, not ms).
//   swift run -c release sharecard-bench [--iterations N]

var iterations = 200
var arguments = CommandLine.arguments.dropFirst()
while let arg = arguments.popFirst() {
    switch arg {
    case "--iterations":
        guard let v = arguments.popFirst().flatMap(Int.init), v > 0 else {
            FileHandle.standardError.write(Data("sharecard-bench: --iterations needs a positive number\n".utf8))
            exit(2)
        }
        iterations = v
    case "--help", "-h":
        print("USAGE: sharecard-bench [--iterations N]")
        exit(0)
    default:
        FileHandle.standardError.write(Data("sharecard-bench: unknown option '\(arg)'\n".utf8))
        exit(2)
    }
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
do {
    let recipe = try SceneParser.load(contentsOf: root.appendingPathComponent("examples/recipe-shapes.json"))
    print("# sharecard-bench (\(iterations) runs per stage, medians)")
    try RasterBench.run(iterations: iterations, recipe: recipe, peerScript: root.appendingPathComponent("bench/peer_raster.py").path)
    let fonts = try FontLibrary(directory: root.appendingPathComponent("fonts").path)
    try TypesettingBench.run(iterations: iterations, fonts: fonts, peerScript: root.appendingPathComponent("bench/peer_pango.py").path)
    try CardBench.run(iterations: iterations, root: root, batchEvents: 2000)
} catch {
    FileHandle.standardError.write(Data("sharecard-bench: \(error)\n".utf8))
    exit(1)
}
