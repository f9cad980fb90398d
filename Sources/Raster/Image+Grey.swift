extension Image {
    /// True when every pixel is a grey: red, green and blue equal (premultiplying keeps them
    /// equal). A JPEG of such an image has nothing in its two colour-difference channels.
    public var isGrey: Bool {
        // Per row, the OR of each word's red ^ green and green ^ blue bytes, branch-free so
        // the loop vectorises; a colour picture stops after its first coloured row.
        let p = UnsafeBufferPointer(start: buffer.pixels, count: buffer.count)
        for row in stride(from: 0, to: p.count, by: width) {
            var differences: UInt32 = 0
            for v in p[row..<row + width] { differences |= (v ^ (v >> 8)) & 0xFFFF }
            if differences != 0 { return false }
        }
        return true
    }
}
