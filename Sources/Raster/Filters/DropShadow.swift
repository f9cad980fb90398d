extension Image {
    /// The image over a shadow made from its own alpha: offset by (dx, dy) pixels, blurred
    /// by `sigma` and tinted with `color`. The result keeps the image's size, so leave room
    /// around content whose shadow should show.
    func withDropShadow(offsetX dx: Double, offsetY dy: Double, sigma: Double, color: Color) -> Image {
        let shadowColor = color.premultipliedARGB32
        let alphaOnly = PixelBuffer(width: width, height: height)
        let ox = Int(dx.rounded()), oy = Int(dy.rounded())
        for y in 0..<height {
            let sy = y - oy
            guard sy >= 0 && sy < height else { continue }
            for x in 0..<width {
                let sx = x - ox
                guard sx >= 0 && sx < width else { continue }
                alphaOnly.pixels[y * width + x] = buffer.pixels[sy * width + sx] & 0xFF00_0000
            }
        }
        let blurred = Image(buffer: alphaOnly).gaussianBlurred(sigma: sigma, extendEdges: false)
        let out = PixelBuffer(uninitializedWidth: width, height: height)  // every pixel written below
        for i in 0..<out.count {
            let coverage = blurred.buffer.pixels[i] >> 24
            let shadow = scale(shadowColor, by: coverage)
            let top = buffer.pixels[i]
            out.pixels[i] = over(top, shadow)
        }
        return Image(buffer: out)
    }
}

/// Every channel of a premultiplied pixel × k/255, rounded.
@inline(__always) func scale(_ p: UInt32, by k: UInt32) -> UInt32 {
    func mul(_ c: UInt32) -> UInt32 { let t = c * k + 128; return (t + (t >> 8)) >> 8 }
    return mul(p >> 24) << 24 | mul((p >> 16) & 0xFF) << 16 | mul((p >> 8) & 0xFF) << 8 | mul(p & 0xFF)
}

/// Porter-Duff "over" for premultiplied ARGB32.
@inline(__always) func over(_ top: UInt32, _ bottom: UInt32) -> UInt32 {
    let inverse = 255 - (top >> 24)
    let b = scale(bottom, by: inverse)
    func add(_ shift: UInt32) -> UInt32 { min(255, ((top >> shift) & 0xFF) + ((b >> shift) & 0xFF)) << shift }
    return add(24) | add(16) | add(8) | add(0)
}
