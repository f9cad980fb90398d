import Cards
import Foundation
import Raster
import XCTest

/// `Card.rendererVersion` and `ImageOutput.encoderRevision` are promises: equal card keys (and
/// content versions) mean equal pixels, an equal entity tag equal bytes. Both are pinned here to
/// digests of real cards, so a change that moves one pixel, or one byte of an encoding, fails
/// until its version is raised and the new digest recorded, instead of leaving caches, CDNs and
/// batch runs to serve old cards under keys that say they are current.
final class RendererVersionTests: XCTestCase {
    /// Renderer version → digest of the corpus's pixels.
    static let pixels: [String: String] = [
        "3": "fefa0d907c9c381ca3372447b8906ecebfe1767149ff329fe48b554ea298268c",
        "4": "e5d514d30b426238e4e6c346b6cd28eb31a3ca8961515c4d71d0715a061d460c",
        "5": "d1808b4c49f385cb4797278bf972fab6d7322692007573eaa6d62c90465d630b",
        "6": "b3dbe34b7e8dcc07681b55aeb96ff67e1b06f43febd3be18e7f11589dc508aae",
        // 7: gradients beyond ±16,384 points and ends closer than 1/65,536; the corpus has none.
        "7": "b3dbe34b7e8dcc07681b55aeb96ff67e1b06f43febd3be18e7f11589dc508aae",
        // 8: no empty line after a grapheme wider than the box, and such a grapheme truncated as
        // the last line (a title of one such cluster was centred as two lines); the corpus has none.
        "8": "b3dbe34b7e8dcc07681b55aeb96ff67e1b06f43febd3be18e7f11589dc508aae",
        // 9: a chip in a stack no wider than the stack, and a chip's title shrinking or wrapping
        // when it says so (`minimumScaleFactor`, `maxLines`); the corpus has no chip wider than
        // its column.
        "9": "b3dbe34b7e8dcc07681b55aeb96ff67e1b06f43febd3be18e7f11589dc508aae",
        // 10: chip insets and gaps in `em` of the chip's font, so dated's and snapshot's chips keep
        // their card proportions at every size (the story and the scale-2 card move; the card
        // size does not).
        "10": "5cc171d87e74f6be3a95e633e1e1ee274fc0aa85531c2e273d07d2b6b8a04b2c",
        // 11: a title's CR LF softened to one space, not two; a date-only end date shown as the
        // day written rather than UTC midnight in the start's offset; punctuation of no script
        // (the Arabic comma, the danda) set in the face of a script it is used with, not as a box,
        // after a letter of another script; a palette sheet's tall cards in wider columns; a
        // straightened photo's faces turned with it for `clearOfFaces`. The corpus has none of these.
        "11": "5cc171d87e74f6be3a95e633e1e1ee274fc0aa85531c2e273d07d2b6b8a04b2c",
        // 12: a cut last line set in its own paragraph's direction; a soft hyphen drawn where a
        // line breaks at it; a break before a bracket after a closing quote (Unicode 15.1's
        // LB15a); no tracking in joining scripts; no line starting with a no-break space; a lone
        // item of an `equalSpacing` stack (gradient's tall title alone) taking the whole frame;
        // an animated WebP drawn as its first frame; lines whose marks reach past the face's ascent
        // made taller; justified Chinese and Japanese widened between characters. The corpus has
        // none of these.
        "12": "5cc171d87e74f6be3a95e633e1e1ee274fc0aa85531c2e273d07d2b6b8a04b2c",
        // 13: a justified label's lines filled before they are widened unless its `wrap` says
        // `balanced`; JPEG photos reduced by DCT halvings only (a 12 MP photo at 4/8, not 3/8);
        // grey photos read through their grey ICC profile. The corpus justifies nothing, and its
        // photos are decoded whole and carry no grey profile.
        "13": "5cc171d87e74f6be3a95e633e1e1ee274fc0aa85531c2e273d07d2b6b8a04b2c",
        // 14: a hex colour's text colour chosen on the ground drawn under the title, not on the
        // colour's stops alone (the corpus has no hex colour); the corpus changed with `gradient`'s
        // softer highlight, which is a template change, named by the template's version too.
        "14": "6b9014334cb38049862f97ec6fc6c8dc52359fdb9d70b8d6a2ad23369f6e1128",
        // 15: a hex colour's text colour re-chosen only when its own card reads better, and chosen
        // at scale 1 for every scale (the corpus has no hex colour); `gradient`'s highlight at 20 %.
        "15": "d6d43eb59eaae8230d923f2bddcc2e180060f23ec6d3e2cc1c371ee3e47e729f",
        // 16: a label's `scrim`, laid under its lines as the ground needs; `photo`'s titles have
        // one, and its accent bar is drawn after the title.
        "16": "a5f43ed24b98f9eadd32d85e6ff25ec9d9dea5482f10998245c8259925dd1726",
        // 17: palette references in a scene's gradient stops and a reference's `lightness`;
        // `gradient` deepens its corner in the colour's own hue, where 28 % black greyed the
        // pastels (also a template change, named by the template's version).
        "17": "4ca7234399aece1b55e756c743791226cebda8a7611df35c76301fca8ab77126",
        // 18: a face found down the fallback chain (not CJK) asks for at most Noto's common line
        // box and for its glyphs' ink beyond it: Arabic, Tibetan, Myanmar and symbols no longer
        // space every line for marks they do not hold; a right-to-left date range's two dates
        // isolated, so the end's runs never join the start's; under a right-to-left locale, a
        // paragraph with as many right-to-left words as left-to-right ones set right to left
        // whatever it opens with; each paragraph aligned by its own direction; no word cut that
        // strands punctuation. The corpus gained an Arabic card, a Latin title with a symbol, an
        // Urdu range and an Arabic title opening with "iPhone 16".
        "18": "8aafc4aba3d6caa7363219645f9af7b4cb7b7ac8817809f613f489dc4d835937",
        // 19: adjacent fullwidth CJK punctuation set as CSS `text-spacing-trim: normal` sets it
        // ("」「" half an em closer); the katakana middle dot no longer makes a title Japanese;
        // noncharacters are cleaned out of a title instead of drawn as boxes.
        // The corpus gained a Japanese title with brackets and a Chinese one with a middle dot.
        "19": "6804ea6b08e10aaf17a5417f981d358b0fb90fe6e5518afa7f7fc89a5e9abb5a",
        // 20: a path, shape or clip reaching more than 262,144 device pixels from the canvas
        // drawn (it drew nothing), and one with a nearly horizontal edge across hundreds of
        // pixels of one row (FreeType gave up on it); a blur with transparent edges fading at an image's edges as a
        // Gaussian does (a drop shadow filter too). No shipped template has either; the corpus
        // has neither.
        "20": "6804ea6b08e10aaf17a5417f981d358b0fb90fe6e5518afa7f7fc89a5e9abb5a",
    ]
    /// "renderer version, output token and encoder revision" → digest of three of the corpus's
    /// cards encoded so (new pixels are new bytes, so a renderer version records its own).
    static let bytes: [String: String] = [
        "3 png 2": "eb204a626c3eec18720a777c4f8072d8a7cbef521bede96127017d9467bdcd1b",
        "3 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "3 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "4 png 2": "eb204a626c3eec18720a777c4f8072d8a7cbef521bede96127017d9467bdcd1b",
        "4 png 3": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "4 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "4 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "4 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "5 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "5 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "5 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "6 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "6 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "6 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "7 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "7 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "7 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "8 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "8 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "8 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "9 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "9 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "9 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "10 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "10 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "10 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "11 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "11 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "11 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "12 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "12 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "12 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "13 png 4": "933d51c0b58137716fa0cd049dca2bd539e29a6433f6d73af4146f0cd5d6ac7f",
        "13 jpeg-q90 2": "df4046c729994ee1ff23fed23d596e714099ce9095732d8b47bbe8f01ee0a386",
        "13 webp-q90 1": "46466e5e5e2c3540dc771062b5070f93bfb6cc914848a721faa0db4b201cafa5",
        "14 png 4": "2d63c42cc6efdf2eff096113fe1d4313e46a07aeb49c51022237110905fb3b18",
        "14 jpeg-q90 2": "e1d8b0fb3a3ebda54dfdfa3e2061dc3c982be2d5cc016c5ff0b5f2bffd3abf39",
        "14 webp-q90 1": "2ee42ce9158cf0043cb2bad125c884b794d18a0dad61d51a435405012bc9ab14",
        "15 png 4": "ffa64be0c53bb4c3ee5f48d01d793d44c7f329d7fc0a146fe9ac75f2586935c2",
        "15 jpeg-q90 2": "ae9742365b7ef9b969eba4547dfc3b6ffc87dd56887f6f9fecdc74da4d73e32d",
        "15 webp-q90 1": "ecb454ca4aa92965b7959376d60623ec5b8a59de55776fec4e56a595b1ad97be",
        "16 png 4": "d219536ea024aa4edc89e1a1015a9837bcb60fb5d7d59d3e10b4c3c98ecbccf9",
        "16 jpeg-q90 2": "3c9e95ef9bb49da738218f42405406ebbd590dc3df142af625c40a97ce408d9a",
        "16 webp-q90 1": "bf3b65e70346b2a00d654bf8da0d562b3560c24372cc9f3669d750171f491765",
        "17 png 4": "9aefdfa5c998e2b7c622b5bec5eb1ac69c4570749e62de3ca63e0f751903b8e4",
        // Revision 5 (the deflate check) rewrites gradient-palette and snapshot cards, none of these three.
        "17 png 5": "9aefdfa5c998e2b7c622b5bec5eb1ac69c4570749e62de3ca63e0f751903b8e4",
        "17 jpeg-q90 2": "9d43b53a08bb16559a568821f82b0de7efa518033b9c31681945b23187f11fd9",
        "17 webp-q90 1": "51f7c56eea702650e0aa011a9d28b54fd360451a7277888071d88779ff0c2fca",
        // 18 moves none of the three cards encoded.
        "18 png 5": "9aefdfa5c998e2b7c622b5bec5eb1ac69c4570749e62de3ca63e0f751903b8e4",
        "18 jpeg-q90 2": "9d43b53a08bb16559a568821f82b0de7efa518033b9c31681945b23187f11fd9",
        "18 webp-q90 1": "51f7c56eea702650e0aa011a9d28b54fd360451a7277888071d88779ff0c2fca",
        // 19 moves none of the three cards encoded.
        "19 png 5": "9aefdfa5c998e2b7c622b5bec5eb1ac69c4570749e62de3ca63e0f751903b8e4",
        "19 jpeg-q90 2": "9d43b53a08bb16559a568821f82b0de7efa518033b9c31681945b23187f11fd9",
        "19 webp-q90 1": "51f7c56eea702650e0aa011a9d28b54fd360451a7277888071d88779ff0c2fca",
        // 20 moves none of the three cards encoded.
        "20 png 5": "9aefdfa5c998e2b7c622b5bec5eb1ac69c4570749e62de3ca63e0f751903b8e4",
        "20 jpeg-q90 2": "9d43b53a08bb16559a568821f82b0de7efa518033b9c31681945b23187f11fd9",
        "20 webp-q90 1": "51f7c56eea702650e0aa011a9d28b54fd360451a7277888071d88779ff0c2fca",
        // JPEG 3: the photo card (1024 × 576, standard tables) coded in two strips with a
        // restart marker between them; the other two cards use optimised tables, as before.
        "20 jpeg-q90 3": "a5e4e02530f4132b125b73a39d51999ca4e4417d659188035bbb62394701c90b",
    ]

    static let photos = EventPhotoCardTests.fixtures

    /// What the corpus gives: the digest of its pixels, and of three of its cards in each output
    /// (keyed as `bytes` is). Rendered once for both tests.
    struct Digests: Sendable {
        let cardCount: Int
        let pixels: String
        let bytes: [String: String]
    }

    static let measured = Result { try measure() }

    /// Every template with the golden titles at the card size, the photo and portrait templates
    /// with a photo of three faces (found by the detector), a story and a scale-2 card, and
    /// (since version 6; the digests of earlier versions are of the corpus without it) a Korean banner,
    /// since version 18 an Arabic card, a Latin title with a symbol, an Urdu date range and an
    /// Arabic title opening with a Latin name, and since version 19 a Japanese title with adjacent
    /// brackets and a Chinese one with a katakana middle dot.
    static func corpus() throws -> [(name: String, card: RenderedCard)] {
        let catalog = try CardGoldenTests.catalog.get(), renderer = try CardGoldenTests.renderer.get()
        var cards: [(String, RenderedCard)] = []
        for template in catalog.templates.map(\.name).sorted() {
            for title in CardGoldenTests.titles {
                let event = try Event(title: title.title, date: EventDate(iso8601: "2024-06-01"), subtitle: "Our timeline", emoji: "🎉",
                                      color: title.color, template: template, locale: title.locale)
                cards.append(("\(template)/\(title.name)", try renderer.render(Card(event, catalog: catalog))))
            }
        }
        let photo = Array(try Data(contentsOf: photos.appendingPathComponent("three-faces.jpg")))
        for template in ["photo", "portrait"] {
            var card = try Card(try Event(title: "Coffee with the whole team", template: template), catalog: catalog)
            card.photo = try EventPhoto(data: photo, template: card.template, size: card.canvasSize, scale: 1)
            cards.append(("\(template)/three-faces", try renderer.render(card)))
        }
        let story = try Card(try Event(title: "Our first apartment together", template: "classic"), catalog: catalog,
                             size: CardSize(parsing: "story"))
        cards.append(("classic/story", try renderer.render(story)))
        let scaled = try Card(try Event(title: "Our first apartment together", template: "dated"), catalog: catalog, scale: 2)
        cards.append(("dated/scale-2", try renderer.render(scaled)))
        // Since version 6: a Korean title that ICU alone would break inside a word (캠|핑).
        let korean = try Card(try Event(title: "우리 가족 첫 캠핑 여행 🏕️ 2026", date: EventDate(iso8601: "2026-05-14"),
                                        template: "snapshot", locale: "ko"), catalog: catalog, size: CardSize(parsing: "banner"))
        cards.append(("snapshot/korean-banner", try renderer.render(korean)))
        // Since version 18: an Arabic title (its face's line box capped), a Latin one with a
        // borrowed symbol, an Urdu date range (its two dates isolated) and an Arabic title that
        // opens with a Latin name (right to left under `ar`).
        let arabic = try Card(try Event(title: "عيد ميلاد سعيد يا أمي الغالية", template: "classic", locale: "ar"), catalog: catalog)
        cards.append(("classic/arabic", try renderer.render(arabic)))
        let symbol = try Card(try Event(title: "Chess night ♞ at the club with friends", template: "dated"), catalog: catalog)
        cards.append(("dated/symbol", try renderer.render(symbol)))
        let urdu = try Card(try Event(title: "موسم گرما کا میلہ", date: EventDate(iso8601: "2025-06-01T18:30:00+05:00"),
                                      endDate: EventDate(iso8601: "2025-06-02T21:00:00+05:00"), template: "dated", locale: "ur"),
                            catalog: catalog)
        cards.append(("dated/urdu-range", try renderer.render(urdu)))
        let brand = try Card(try Event(title: "iPhone 16 وصل إلى متجرنا في القاهرة", template: "photo", locale: "ar"), catalog: catalog)
        cards.append(("photo/arabic-opening-with-a-brand", try renderer.render(brand)))
        // Since version 19: adjacent fullwidth brackets give back half an em, and a Chinese title
        // with a katakana middle dot keeps Chinese forms.
        let brackets = try Card(try Event(title: "「東京」「大阪」（二〇二六）・夏の旅", template: "classic", locale: "ja"), catalog: catalog)
        cards.append(("classic/japanese-brackets", try renderer.render(brackets)))
        let names = try Card(try Event(title: "列奥纳多・迪卡普里奥的生日", template: "classic", locale: "zh-Hans"), catalog: catalog)
        cards.append(("classic/chinese-middle-dot", try renderer.render(names)))
        return cards
    }

    static func measure() throws -> Digests {
        let cards = try corpus()
        let encoded = cards.filter { ["classic/short", "gradient/emoji-cjk", "photo/three-faces"].contains($0.name) }
        precondition(encoded.count == 3, "the corpus lost a card the bytes are judged on")
        var bytes: [String: String] = [:]
        for output in [try ImageOutput(format: .png), try ImageOutput(format: .jpeg), try ImageOutput(format: .webp)] {
            bytes["\(Card.rendererVersion) \(output.token) \(output.encoderRevision)"] = digest(try encoded.map { try $0.card.encoded(output) })
        }
        return Digests(cardCount: cards.count, pixels: digest(cards.map { pixelBytes($0.card) }), bytes: bytes)
    }

    /// SHA-256 over each part's SHA-256, in order.
    static func digest(_ parts: [[UInt8]]) -> String {
        ContentHash.hex(parts.flatMap { ContentHash.sha256($0) })
    }

    static func pixelBytes(_ card: RenderedCard) -> [UInt8] {
        let image = card.canvas.makeImage()
        let header = withUnsafeBytes(of: (UInt32(image.width).bigEndian, UInt32(image.height).bigEndian)) { Array($0) }
        return header + image.premultipliedARGB.withUnsafeBytes { Array($0) }
    }

    func testThePixelsAreTheRendererVersions() throws {
        let measured = try Self.measured.get()
        let version = Card.rendererVersion
        guard let recorded = Self.pixels[version], !recorded.isEmpty else {
            return XCTFail("no digest recorded for renderer version \(version): record \(measured.pixels) in RendererVersionTests.pixels, "
                           + "and the bytes' digests testTheBytesAreTheEncoderRevisions then prints")
        }
        XCTAssertEqual(measured.pixels, recorded, """
            the pixels of \(measured.cardCount) cards changed under renderer version \(version). If that is meant, raise \
            Card.rendererVersion and record \(measured.pixels) for it in RendererVersionTests.pixels; if not, the change moved pixels
            """)
    }

    func testTheBytesAreTheEncoderRevisions() throws {
        let measured = try Self.measured.get()
        try XCTSkipUnless(measured.pixels == Self.pixels[Card.rendererVersion],
                          "the pixels are not the renderer version's (testThePixelsAreTheRendererVersions says why)")
        for (key, digest) in measured.bytes.sorted(by: { $0.key < $1.key }) {
            guard let recorded = Self.bytes[key], !recorded.isEmpty else {
                XCTFail("no digest recorded for \(key): record \(digest) in RendererVersionTests.bytes")
                continue
            }
            XCTAssertEqual(digest, recorded, """
                the pixels are the same but the bytes of "\(key)" (renderer version, output, encoder revision) changed. \
                If that is meant, raise that format's ImageOutput.encoderRevision and record \(digest) for the new key in \
                RendererVersionTests.bytes
                """)
        }
    }
}
