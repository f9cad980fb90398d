import Cards
import Foundation
import Photos
import Raster

/// A photo card whose faces are already known (a photo seen before, its faces kept by the
/// photo's bytes): everything a cold card does but the face detection. Each run decodes the
/// photo and hashes its bytes as a card does; the faces, and the decoded photo drawn, are the
/// ones a first decode gave (`EventPhoto` detects when made, so it is made once).
enum PhotoCardFacesKnown {
    /// The card as `output`, and the process's minor page faults per card (memory taken fresh
    /// from the kernel, zeroed and mapped: time charged to the thread that none of the stage
    /// rows shows, as their buffers are reused run after run).
    static func measureCard(label: String, bytes: [UInt8], output: ImageOutput, outputName: String, iterations: Int,
                            catalog: Catalog, renderer: CardRenderer) throws -> Measurement {
        var card = try Card(try Event(title: "Biscuit's first birthday", template: "photo"), catalog: catalog)
        let known = try EventPhoto(data: bytes, template: card.template, size: card.canvasSize, scale: 1)
        let width = Int(card.canvasSize.width.rounded(.up)), height = Int(card.canvasSize.height.rounded(.up))
        var size = 0
        let faultsBefore = minorPageFaults()
        let m = try measure("\(label) → photo card as \(outputName), faces known", iterations: iterations) {
            card = try Card(try Event(title: "Biscuit's first birthday", template: "photo"), catalog: catalog)
            _ = try Photo(data: bytes, targetWidth: width, targetHeight: height)
            _ = ContentHash.hex(bytes)
            card.photo = known
            size = try renderer.encoded(card, as: output).bytes.count
        }
        let runs = iterations + min(3, iterations)
        let faults = Double(minorPageFaults() - faultsBefore) / Double(runs)
        return Measurement(name: m.name, medianMilliseconds: m.medianMilliseconds, iterations: iterations,
                           note: "\(known.faces.count) faces given, \(size) bytes, \(String(format: "%.0f", faults)) page faults per card")
    }

    /// Minor page faults of the whole process so far (the bench runs its cards on one thread).
    static func minorPageFaults() -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_minflt)
    }
}
