import Geometry
import Scene

extension Palette.Entry {
    /// What a scene's palette references resolve to for this colour on a canvas of `size`
    /// points: its text colour, its background's first and last stops, and the whole
    /// background laid across the canvas, with the canvas's size.
    public func sceneColors(for size: Size) -> PaletteColors {
        PaletteColors(foreground: foreground, background: background.colors[0], backgroundEnd: background.colors.last,
                      backgroundPaint: background.paint(for: size), canvas: size)
    }
}
