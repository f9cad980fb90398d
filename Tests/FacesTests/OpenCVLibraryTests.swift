import BufferText
import Faces
import Foundation
import TestSupport
import XCTest

/// The face plug-in opens `libsharecard-faces-opencv.so` (OpenCV's objdetect) from its own
/// folder, and only for a cascade its evaluator does not take. A copy of the plug-in alone in a
/// folder, opened here as `CFacesLoader` opens it: a Haar cascade loads without the library; an
/// LBP cascade is refused with a message naming the file tried; once the library is copied in,
/// the LBP cascade loads (a failed open is not remembered).
final class OpenCVLibraryTests: XCTestCase {
    private typealias Create = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int,
                                               UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    private typealias Destroy = @convention(c) (OpaquePointer?) -> Void

    func testALonePluginRefusesAnLBPCascadeNamingTheLibraryAndTakesItOnceTheLibraryIsThere() throws {
        let haar = try CascadeEvaluatorTests.cascadePath(.haarAlt2), lbp = try CascadeEvaluatorTests.cascadePath(.lbp)
        let products = BuildProducts.directory
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faces-lone-plugin-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = folder.appendingPathComponent("libsharecard-faces.so")
        try FileManager.default.copyItem(at: products.appendingPathComponent("libsharecard-faces.so"), to: plugin)

        // Never closed: OpenCV's libraries are not made to be unloaded.
        guard let handle = dlopen(plugin.path, RTLD_NOW | RTLD_LOCAL) else {
            return XCTFail(String(cString: dlerror()))
        }
        let create = unsafeBitCast(try XCTUnwrap(dlsym(handle, "sc_faces_detector_create")), to: Create.self)
        let destroy = unsafeBitCast(try XCTUnwrap(dlsym(handle, "sc_faces_detector_destroy")), to: Destroy.self)
        func load(_ cascade: String) -> (status: Int32, message: String) {
            var detector: OpaquePointer?
            var message = [CChar](repeating: 0, count: 2048)
            let status = create(cascade, nil, 1, &detector, &message, message.count)
            if status == 0 { destroy(detector) }
            return (status, message.stringBeforeNUL)
        }

        XCTAssertEqual(load(haar).status, 0)
        let refused = load(lbp)
        XCTAssertEqual(refused.status, -1)
        XCTAssertTrue(refused.message.contains("OpenCV's cascade classifier is not available"), refused.message)
        XCTAssertTrue(refused.message.contains(folder.appendingPathComponent("libsharecard-faces-opencv.so").path), refused.message)

        try FileManager.default.copyItem(at: products.appendingPathComponent("libsharecard-faces-opencv.so"),
                                         to: folder.appendingPathComponent("libsharecard-faces-opencv.so"))
        let taken = load(lbp)
        XCTAssertEqual(taken.status, 0, taken.message)
    }
}
