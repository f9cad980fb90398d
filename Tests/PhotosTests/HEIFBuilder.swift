/// HEIF files written box by box for the structure tests: an `ftyp`, and a `meta` holding
/// `pitm`, `iloc` (item data in `idat`), `iinf`, `iref` (`dimg`, `auxl`), `iprp` (`ipco`, `ipma`) and
/// `idat`. No `mdat`: the structure is all these tests read, and libheif never gets that far.
enum HEIFBuilder {
    struct Item {
        var id: UInt32
        var type: String
        /// Property boxes, associated in order (an `hvcC` marked essential).
        var properties: [[UInt8]] = []
        /// The items it is derived from (its `dimg` reference), or none.
        var inputs: [UInt32]? = nil
        /// Its data (a grid's layout, an image's NAL units), stored in `idat`.
        var data: [UInt8]? = nil
        /// The image it is an auxiliary image of (its `auxl` reference), or none.
        var auxiliaryOf: UInt32? = nil
    }

    /// An image item's data: one NAL unit (4-byte length) of an IDR slice's header bytes.
    static let slice: [UInt8] = [0, 0, 0, 3, 0x26, 0x01, 0xAF]

    /// A NAL unit of `type` (4-byte length, 2-byte header, one payload byte).
    static func nal(type: Int) -> [UInt8] { be32(3) + [UInt8(type << 1), 0x01, 0xAF] }

    /// An auxC box naming an auxiliary type.
    static func auxC(_ name: String) -> [UInt8] { full("auxC", Array(name.utf8) + [0]) }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }

    static func full(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { full("ispe", be32(width) + be32(height)) }

    /// `ipmaCopies` repeats the ipma box (each item's associations listed again); `ilocSizes`
    /// is iloc's offset and length field sizes (4 bits each); `unusedLocations` adds iloc
    /// entries of an item that does not exist.
    static func file(primary: UInt32, items: [Item], ipmaCopies: Int = 1, ilocSizes: UInt8 = 0x44,
                     unusedLocations: Int = 0) -> [UInt8] {
        var properties: [[UInt8]] = []
        var associations: [UInt8] = []
        for item in items {
            associations += be16(Int(item.id)) + [UInt8(item.properties.count)]
            for property in item.properties {
                properties.append(property)
                let essential: UInt8 = property.count > 8 && Array(property[4..<8]) == Array("hvcC".utf8) ? 0x80 : 0
                associations.append(essential | UInt8(properties.count))
            }
        }
        var idat: [UInt8] = [], locations: [UInt8] = []
        let stored = items.filter { $0.data != nil }
        for item in stored {
            // Item ID, construction method 1 (idat), data reference 0, one extent.
            locations += be16(Int(item.id)) + be16(1) + be16(0) + be16(1) + be32(idat.count) + be32(item.data!.count)
            idat += item.data!
        }
        for _ in 0..<unusedLocations { locations += be16(0xFFFF) + be16(1) + be16(0) + be16(0) }
        let references = items.compactMap { item in
            item.inputs.map { inputs in box("dimg", be16(Int(item.id)) + be16(inputs.count) + inputs.flatMap { be16(Int($0)) }) }
        } + items.compactMap { item in item.auxiliaryOf.map { box("auxl", be16(Int(item.id)) + be16(1) + be16(Int($0))) } }
        let meta = full("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
            + full("pitm", be16(Int(primary)))
            + full("iloc", version: 1, [ilocSizes, 0x00] + be16(stored.count + unusedLocations) + locations)
            + full("iinf", be16(items.count) + items.flatMap { full("infe", version: 2, be16(Int($0.id)) + be16(0) + Array($0.type.utf8) + [0]) })
            + full("iref", references.flatMap { $0 })
            + box("iprp", box("ipco", properties.flatMap { $0 })
                  + Array(repeating: full("ipma", be32(items.count) + associations), count: ipmaCopies).flatMap { $0 })
            + box("idat", idat)
        return box("ftyp", Array("heic".utf8) + be32(0) + Array("mif1heic".utf8)) + full("meta", meta)
    }

    /// The whole box of `type` first found in `bytes` (by its type's bytes).
    static func box(named type: String, in bytes: [UInt8]) throws -> [UInt8] {
        let tag = Array(type.utf8)
        guard let at = (4..<bytes.count - 4).first(where: { Array(bytes[$0..<$0 + 4]) == tag }) else { throw BuilderError.noBox(type) }
        let size = bytes[at - 4..<at].reduce(0) { $0 << 8 | Int($1) }
        return Array(bytes[at - 4..<at - 4 + size])
    }

    enum BuilderError: Error { case noBox(String) }

    /// `bytes` with its first `ispe` declaring width × height.
    static func declaring(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        let tag = Array("ispe".utf8)
        guard let at = (4..<bytes.count - 4).first(where: { Array(bytes[$0..<$0 + 4]) == tag }) else { return bytes }
        var edited = bytes
        edited.replaceSubrange(at + 8..<at + 16, with: be32(width) + be32(height))
        return edited
    }

    /// An hvcC box holding one SPS NAL unit.
    static func hvcc(sps: [UInt8]) -> [UInt8] {
        box("hvcC", [1] + [UInt8](repeating: 0, count: 20) + [0x0F, 1, 0x21] + be16(1) + be16(sps.count) + sps)
    }

    /// An SPS NAL unit coding 96 × 64 pixels, with `maxSubLayersMinus1` sub-layers each with
    /// its profile and level present, or whose seq_parameter_set_id is an exp-Golomb code of
    /// `leadingZeros` zeros. Emulation prevention bytes are inserted as an encoder would.
    static func sps(maxSubLayersMinus1: Int = 0, leadingZeros: Int? = nil) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { bits.append(value >> i & 1 == 1) } }
        func ue(_ value: Int) {
            let code = value + 1, length = Int.bitWidth - code.leadingZeroBitCount
            put(0, length - 1)
            put(code, length)
        }
        put(0, 4)                                  // sps_video_parameter_set_id
        put(maxSubLayersMinus1, 3)
        put(1, 1)                                  // sps_temporal_id_nesting_flag
        put(0x01, 8); put(0x6000_0000, 32); put(0x90, 8); put(0, 40)  // general profile (88 bits)
        put(93, 8)                                 // general_level_idc
        if maxSubLayersMinus1 > 0 && maxSubLayersMinus1 < 8 {
            for _ in 0..<maxSubLayersMinus1 { put(0b11, 2) }
            for _ in maxSubLayersMinus1..<8 { put(0, 2) }
            for _ in 0..<maxSubLayersMinus1 { put(0, 88); put(90, 8) }  // zero runs: emulation prevention needed
        }
        if let leadingZeros {                      // sps_seq_parameter_set_id, 2^leadingZeros − 1
            put(0, leadingZeros)
            put(1, 1)
            put(0, leadingZeros)
        } else {
            ue(0)                                  // sps_seq_parameter_set_id
        }
        ue(1)                                      // chroma_format_idc 4:2:0
        ue(96)
        ue(64)
        put(0, 1)                                  // conformance_window_flag
        put(1, 1)                                  // rbsp_stop_one_bit
        while bits.count % 8 != 0 { bits.append(false) }
        var rbsp: [UInt8] = []
        for at in stride(from: 0, to: bits.count, by: 8) { rbsp.append(bits[at..<at + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }) }
        var nal: [UInt8] = [0x42, 0x01], zeros = 0
        for byte in rbsp {
            if zeros >= 2 && byte <= 3 {
                nal.append(3)
                zeros = 0
            }
            nal.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return nal
    }
}
