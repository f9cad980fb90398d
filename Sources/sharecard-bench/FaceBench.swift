import Faces
import Foundation
import Geometry
import Raster

/// Face detection on a 1024×683 photo (three portraits from the test fixtures side by side on
/// grey, at their own resolution), beside OpenCV's Python binding running the same pipeline on
/// the same pixels (bench/peer_faces.py).
enum FaceBench {
    static func collage(fixtures: URL) throws -> Image {
        let canvas = try Canvas(size: Size(width: 1024, height: 683), background: Color(gray: 0.5))
        var x = 16.0
        for name in ["obama.png", "obama2.png", "obama3.png"] {
            let image = try Image(pngData: Array(try Data(contentsOf: fixtures.appendingPathComponent(name))))
            canvas.draw(image, in: Rect(x: x, y: 85, width: Double(image.width), height: Double(image.height)))
            x += Double(image.width)
        }
        return canvas.makeImage()
    }

    static func run(iterations: Int, root: URL) throws {
        let photo = try collage(fixtures: root.appendingPathComponent("Tests/FacesTests/Fixtures"))
        let detector = try FaceDetector()
        let found = try detector.faces(in: photo)
        let runs = max(5, iterations / 4)
        let s = detector.settings
        // Each row on three clocks (wall, the calling thread's CPU, the process's CPU: OpenCV
        // searches on its own threads too); the peer's ratio is taken on the clock the peer uses.
        let cpuTime = measuresCPUTime()
        let ours = try measureClocks("detect faces in a 1024×683 photo (standard settings)", iterations: runs,
                                     note: "\(found.count) faces; \(s.frontal.rawValue.split(separator: "/").last ?? "") at \(s.workingSidePixels) px, "
                                         + "scaleFactor \(s.scaleFactor), minNeighbors \(s.minNeighbors), min face 1/\(Int((1 / s.minFaceFraction).rounded()))"
                                         + (s.splitPyramid ? ", split pyramid" : "")) {
            _ = try detector.faces(in: photo)
        }
        let frontalOnly = try FaceDetector(settings: try .init(profiles: .never))
        let frontal = try measureClocks("… frontal cascade only", iterations: runs,
                                        note: "\(try frontalOnly.faces(in: photo).count) faces") { _ = try frontalOnly.faces(in: photo) }
        let always = try FaceDetector(settings: try .init(profiles: .always))
        let both = try measureClocks("… profile cascade searched too, always", iterations: runs,
                                     note: "\(try always.faces(in: photo).count) faces") { _ = try always.faces(in: photo) }
        var rows = [ours, both, frontal].flatMap { [$0.wall, $0.thread, $0.process] }
        let measuredRows = rows.count

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-bench-faces-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: path) }
        let canvas = try Canvas(size: photo.size)
        canvas.draw(photo, in: Rect(origin: .zero, size: photo.size))
        try Data(canvas.pngData()).write(to: path)
        if let peer = runPeer(root.appendingPathComponent("bench/peer_faces.py").path,
                              arguments: [path.path, "--frontal", s.frontal.rawValue, "--iterations", String(runs), "--working", String(s.workingSidePixels),
                                          "--scale", String(s.scaleFactor), "--neighbours", String(s.minNeighbors),
                                          "--min-fraction", String(s.minFaceFraction),
                                          "--profile-scale", String(s.profileScaleFactor), "--profile-neighbours", String(s.profileMinNeighbors),
                                          "--profile-min-fraction", String(s.profileMinFaceFraction)]
                                  + (s.splitPyramid ? ["--split"] : []) + (s.profileSplitPyramid ? ["--profile-split"] : [])) {
            for (key, clocks) in [("standard", ours), ("always", both), ("frontal", frontal), ("standard-1-thread", ours)] {
                let mine = cpuTime ? clocks.thread : clocks.wall
                guard let entry = peer.first(where: { $0.key.hasPrefix(key + "\t") }) else { continue }
                rows.append(Measurement(name: "OpenCV Python, \(key)", medianMilliseconds: entry.value, iterations: runs,
                                        note: "\(entry.key.split(separator: "\t").last ?? "?") faces; sharecard is \(String(format: "%.2f", entry.value / mine.medianMilliseconds))× as fast"))
            }
        }
        printTable("Faces (this machine, medians; target ≤ 20 ms)", rows)
        if rows.count == measuredRows { print("\n(OpenCV Python peer not run: `scripts/setup --bench` installs python3-opencv)") }
    }
}
