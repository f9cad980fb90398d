extension Color {
    /// The colour with its HSL lightness multiplied by `factor` (the result clamped to 0…1)
    /// and its hue, HSL saturation and alpha kept: CSS's relative colour
    /// `hsl(from c h s calc(l * factor))`, on the gamma-encoded sRGB components.
    ///
    /// Unlike a layer of black, which lowers the saturation of a light colour as it darkens it
    /// (a pastel goes grey), a lower lightness keeps the colour's own hue as strong as it was.
    public func withLightness(scaledBy factor: Double) -> Color {
        let most = max(red, green, blue), least = min(red, green, blue)
        let lightness = (most + least) / 2, chroma = most - least
        let newLightness = min(lightness * (factor.isFinite ? max(factor, 0) : 1), 1)
        guard chroma > 0 else { return Color(gray: newLightness, alpha: alpha) }
        // Chroma is saturation × (1 − |2L − 1|); keeping the saturation scales it by the ratio
        // of those spans, and every component moves around the lightness by that ratio.
        let span = { (l: Double) in 1 - abs(2 * l - 1) }
        let scale = span(newLightness) / span(lightness)
        func component(_ v: Double) -> Double { newLightness + (v - lightness) * scale }
        return Color(red: component(red), green: component(green), blue: component(blue), alpha: alpha)
    }
}
