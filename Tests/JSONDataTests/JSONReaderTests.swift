import JSONData
import XCTest

/// `JSONReader` reads what `JSONValue.parse` reads and refuses what it refuses.
final class JSONReaderTests: XCTestCase {
    private struct MisreadKind: Error {}

    /// The document read whole with the reader: a tree rebuilt from its calls.
    private func read(_ bytes: [UInt8], maximumDepth: Int = JSONValue.defaultMaximumDepth) throws -> JSONValue {
        func value(_ r: inout JSONReader) throws -> JSONValue {
            switch try r.nextKind() {
            case .object:
                var members: [JSONValue.Member] = []
                _ = try r.readObject { r, key in members.append(.init(key: key.text, value: try value(&r))) }
                return .object(members)
            case .array:
                var items: [JSONValue] = []
                _ = try r.readArray { r, _ in items.append(try value(&r)) }
                return .array(items)
            case .string: if let text = try r.readString() { return .string(text) }
            case .number: if let number = try r.readNumber() { return .number(number) }
            case .bool: if let flag = try r.readBool() { return .bool(flag) }
            case .null: if try r.readNull() { return .null }
            }
            throw MisreadKind()
        }
        return try bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw, maximumDepth: maximumDepth)
            let result = try value(&reader)
            try reader.finish()
            return result
        }
    }

    func testTheReaderAgreesWithTheParser() throws {
        let documents = [
            #"{"a": ["\u00e9\ud83c\udf89\n", -1.5e2, true, null, {}], "b": {"c": [[]]}, "": 0}"#, "[1, 2.5, -0, 1e2]",
            #"{"title":"a","\u0074itle":"b"}"#, #"{"a":{"b":1,"b":2}}"#, #"{"é":1,"é":2}"#, #"{"a":1,"A":2}"#,
            "[1,]", #"{"a": 1,}"#, "[01]", "[1e400]", #"["\ud800"]"#, #"["a"#, "[1] x", "{a: 1}", "", " ", "nul",
            "[tru]", "[\"tab\there\"]", String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
            String(repeating: "[", count: 20) + String(repeating: "]", count: 20),
        ]
        for document in documents {
            let bytes = Array(document.utf8)
            let parsed = Result { () throws(JSONSyntaxError) in try JSONValue.parse(bytes, maximumDepth: 32) }
            let read = Result { try self.read(bytes, maximumDepth: 32) }
            switch (parsed, read) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a, b, document)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a.kind, (b as? JSONSyntaxError)?.kind, document)
                XCTAssertEqual(a.reason, (b as? JSONSyntaxError)?.reason, document)
            default: XCTFail("parse \(parsed) but read \(read) for \(document)")
            }
        }
        for bad: [UInt8] in [[0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], [0x5B, 0x22, 0x00, 0x22, 0x5D]] {
            XCTAssertThrowsError(try JSONValue.parse(bad))
            XCTAssertThrowsError(try read(bad))
        }
    }

    /// Keys match by bytes, escaped or not; a value the caller leaves unread is skipped, and
    /// checked as strictly as the rest.
    func testKeysMatchAndUnreadValuesAreSkipped() throws {
        let bytes = Array(#"{"skip": {"x": [1, {"y": null}]}, "n\u0061me": "v", "name2": 3}"#.utf8)
        var seen: [String] = []
        try bytes.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            XCTAssertTrue(try reader.readObject { r, key in
                if key.matches("name") { seen.append("name=\(try r.readString() ?? "?")") }
                else if key.matches("name2") { seen.append("name2=\(try r.readNumber() ?? -1)") }
            })
            try reader.finish()
        }
        XCTAssertEqual(seen, ["name=v", "name2=3.0"])
        let broken = Array(#"{"skip": [1, 2,], "name": "v"}"#.utf8)
        XCTAssertThrowsError(try broken.withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            _ = try reader.readObject { r, key in if key.matches("name") { _ = try r.readString() } }
        }) { error in XCTAssertEqual((error as? JSONSyntaxError)?.reason, "expected a value") }
    }

    /// A read that finds another kind leaves the value, after white space, to be skipped by
    /// the array or object around it.
    func testAValueLeftUnreadAfterWhiteSpaceIsSkipped() throws {
        var read: [String?] = []
        try Array(#"[ "a",  7 , "b", {"k":  [1] , "s": "c"}]"#.utf8).withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            XCTAssertTrue(try reader.readArray { r, _ in
                read.append(try r.readString())
                if read[read.count - 1] == nil { _ = try r.readObject { r, key in if key.matches("s") { read.append(try r.readString()) } else { XCTAssertNil(try r.readString()) } } }
            })
            try reader.finish()
        }
        XCTAssertEqual(read, ["a", nil, "b", nil, "c"])
    }

    /// Asked for another kind, a read returns nil and consumes nothing.
    func testAReadOfAnotherKindConsumesNothing() throws {
        try Array("[true]".utf8).withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            XCTAssertNil(try reader.readString())
            XCTAssertNil(try reader.readNumber())
            XCTAssertFalse(try reader.readNull())
            XCTAssertFalse(try reader.readObject { _, _ in XCTFail("not an object") })
            XCTAssertTrue(try reader.readArray { r, index in
                XCTAssertEqual(index, 0)
                XCTAssertNil(try r.readNumber())
                XCTAssertEqual(try r.readBool(), true)
            })
            try reader.finish()
        }
    }
}
