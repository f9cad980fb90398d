import Foundation
import TestSupport
import XCTest

/// One request on a fresh connection. A POST is sent as JSON (`Content-Type:
/// application/json`) unless `headers` names another type; requests without one go through
/// `LoopbackHTTPClient` directly.
func fetch(_ port: Int, _ method: String, _ target: String, headers: [String] = [],
           body: [UInt8] = []) throws -> HTTPWireResponse {
    var headers = headers
    if method == "POST" && !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
        headers.append("Content-Type: application/json")
    }
    return try LoopbackHTTPClient(port: port).request(method, target, headers: headers, body: body)
}

/// One GET on a fresh connection.
func fetch(_ port: Int, _ target: String, headers: [String] = []) throws -> HTTPWireResponse {
    try fetch(port, "GET", target, headers: headers)
}

/// The width and height in a PNG's IHDR chunk, or nil when `bytes` is not a PNG.
func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (be32(16), be32(20))
}

extension XCTestCase {
    /// The built `sharecard`, beside the test bundle.
    func sharecardExecutable() throws -> URL {
        let executable = BuildProducts.directory.appendingPathComponent("sharecard")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw ClientError(description: "no sharecard executable at \(executable.path); build with `swift build --build-tests`")
        }
        return executable
    }

    /// Runs the built `sharecard` (beside the test bundle) and returns its standard output.
    func runSharecard(_ arguments: [String]) throws -> String {
        let executable = try sharecardExecutable()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sharecard-sign-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = handle
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw ClientError(description: "sharecard \(arguments) ran longer than 30 s")
        }
        XCTAssertEqual(process.terminationStatus, 0, "sharecard \(arguments)")
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }
}

/// Where conditional-request tests start: a fresh service, a keep-alive client to it, and a
/// first GET of a card that answered 200 with an ETag.
struct FirstCard {
    let running: RunningService
    let client: LoopbackHTTPClient
    let target: String
    let response: HTTPWireResponse
    let etag: String
}

extension XCTestCase {
    func firstCard(_ target: String, file: StaticString = #filePath, line: UInt = #line) throws -> FirstCard {
        let running = try startService()
        let client = try LoopbackHTTPClient(port: running.port)
        let response = try client.request("GET", target)
        XCTAssertEqual(response.status, 200, file: file, line: line)
        let etag = try XCTUnwrap(response.header("ETag"), file: file, line: line)
        return FirstCard(running: running, client: client, target: target, response: response, etag: etag)
    }
}
