// Driver of bench/json_escape: compiled into one module with JSONData's and HTTPTypes'
// sources of the revision measured (old and new expose the same three calls).
import Foundation

/// `pattern` repeated up to 64 KiB of UTF-8, cut at a character boundary.
func text(_ pattern: String) -> String {
    var result = ""
    while result.utf8.count + pattern.utf8.count <= 65_536 { result += pattern }
    for character in pattern where result.utf8.count + character.utf8.count <= 65_536 { result.append(character) }
    return result
}

func medianMicroseconds(_ body: () -> Int) -> Double {
    var samples: [Double] = []
    var sink = 0
    for _ in 0..<15 {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<20 { sink &+= body() }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 20 / 1000)
    }
    if sink == 42 { print("") }
    return samples.sorted()[samples.count / 2]
}

let mixed = text("The \"quick\" fox — café, 東京, 🎉👩‍👩‍👧; C:\\path\\to\\file\nnext\tline \u{1}\u{7F}\u{85}\u{2028} end. ")
let plain = text("The quick brown fox jumps over the lazy dog, again and again. ")

/// The shape of `POST /v1/cards`' JSON answer (CardService's CardDescription), eight placed elements.
struct Element: Encodable {
    let kind: String
    let frame: [Double]
    let fields: [String]?
    let text: String?
    let fontSize: Double?
    let lines: [String]?
    let truncated: Bool?
}

struct Description: Encodable {
    let shareText: String
    let imageURL: String
    let width: Int
    let height: Int
    let elements: [Element]
    let foreground: String
    let contrast: Double
    let shareURL: String
    let missingGlyphs: [String]
}

let description = Description(
    shareText: "Our first apartment together — 12 June 2024", imageURL: "/v1/cards/classic.png?title=Our%20first%20apartment%20together&v=3",
    width: 1024, height: 576,
    elements: (0..<8).map { i in
        Element(kind: i % 2 == 0 ? "text" : "chip", frame: [80, 120.5 + Double(i), 864, 336.25], fields: ["title"], text: "Our first apartment together",
                fontSize: 58.333, lines: ["Our first apartment", "together"], truncated: false)
    },
    foreground: "#ffffff", contrast: 4.93, shareURL: "/v1/share?title=Our%20first%20apartment%20together&v=3", missingGlyphs: [])

print("HTTPResponse.json, a card's description \(medianMicroseconds { (try? HTTPResponse.json(description))?.body.count ?? 0 })")
for (name, string) in [("mixed", mixed), ("ASCII", plain)] {
    print("compactText, \(name) \(medianMicroseconds { JSONValue.string(string).compactText.utf8.count })")
    print("HTTPResponse.error, \(name) \(medianMicroseconds { HTTPResponse.error(status: 400, code: "bad", message: string).body.count })")
}
