import CHarfBuzz

/// The few OpenType table fields `FontFace` reads directly (big-endian, bounds-checked).
struct OpenTypeTable {
    private let bytes: [UInt8]

    /// A copy of table `tag` of `face`; empty when the face has no such table.
    init(_ face: OpaquePointer, _ tag: String) {
        let blob = hb_face_reference_table(face, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        if let data = hb_blob_get_data(blob, &length), length > 0 {
            bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                Array(UnsafeBufferPointer(start: $0, count: Int(length)))
            }
        } else {
            bytes = []
        }
    }

    var isEmpty: Bool { bytes.isEmpty }

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int16? {
        uint16(at: offset).map { Int16(bitPattern: $0) }
    }

    static func tag(_ string: String) -> hb_tag_t {
        hb_tag_from_string(string, Int32(string.utf8.count))
    }

    /// True when `face` has table `tag`, without copying it.
    static func exists(_ face: OpaquePointer, _ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, Self.tag(tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// True when `face`'s layout table `table` ("GSUB" or "GPOS") lists feature `feature` for
    /// any script.
    static func hasFeature(_ face: OpaquePointer, table: String, feature: String) -> Bool {
        let wanted = tag(feature)
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, tag(table), start, &count, &tags)
            if tags.prefix(Int(count)).contains(wanted) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }
}

/// The OS/2 and hhea fields behind `FontFace`'s weight, style and vertical metrics.
struct FaceTables {
    let weightClass: Int
    let isItalic: Bool
    let metrics: FontMetrics

    init(_ face: OpaquePointer) {
        let os2 = OpenTypeTable(face, "OS/2")
        let hhea = OpenTypeTable(face, "hhea")
        // OS/2: usWeightClass @4, fsSelection @62, sTypoAscender/Descender/LineGap @68/70/72.
        let weight = Int(os2.uint16(at: 4) ?? 400)
        weightClass = (1...1000).contains(weight) ? weight : 400
        let fsSelection = os2.uint16(at: 62) ?? 0
        isItalic = fsSelection & (1 << 0 | 1 << 9) != 0
        let useTypo = fsSelection & (1 << 7) != 0
        if useTypo, let a = os2.int16(at: 68), let d = os2.int16(at: 70), let g = os2.int16(at: 72) {
            metrics = FontMetrics(ascender: Int(a), descender: Int(d), lineGap: Int(g), usesTypoMetrics: true)
        } else {
            // hhea: ascender @4, descender @6, lineGap @8.
            metrics = FontMetrics(ascender: Int(hhea.int16(at: 4) ?? 0), descender: Int(hhea.int16(at: 6) ?? 0),
                                  lineGap: Int(hhea.int16(at: 8) ?? 0), usesTypoMetrics: false)
        }
    }
}

/// A name-table string (English where present), or nil.
func openTypeName(_ face: OpaquePointer, id: UInt32) -> String? {
    let english = hb_language_from_string("en", -1)
    var length: UInt32 = 0
    let total = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), english, &length, nil)
    guard total > 0 else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(total) + 1)
    length = UInt32(buffer.count)
    _ = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), english, &length, &buffer)
    let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
}
