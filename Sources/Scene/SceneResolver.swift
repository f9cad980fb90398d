import Caching
import Geometry
import Layout
import Raster
import Typesetting
import UnicodeText

/// What a scene's references are filled with: the event's fields and the palette colour.
public struct SceneBindings: Sendable {
    public let values: [EventField: String]
    public let colors: PaletteColors
    /// The title's reading direction: `leading`/`trailing` frames and chip alignments follow it.
    public let direction: TextDirection
    /// The event's photo, drawn by images whose source is the event's photo.
    public let photo: Image?
    /// The faces in `photo`, in its pixels: an aspect-filled photo is cropped to keep them
    /// (`Framing`) rather than about its centre.
    public let photoFaces: [Rect]

    public init(values: [EventField: String], colors: PaletteColors, direction: TextDirection? = nil, photo: Image? = nil,
                photoFaces: [Rect] = []) {
        self.values = values
        self.colors = colors
        self.photo = photo
        self.photoFaces = photoFaces
        self.direction = direction ?? values[.title].flatMap { try? BidiParagraph($0).direction } ?? .leftToRight
    }

    /// A sample event on the default palette's first colour: how a template is drawn alone.
    public static let sample = SceneBindings(
        values: [.title: "Our first apartment together", .date: "June 1, 2024", .subtitle: "Our timeline", .emoji: "🎉"],
        colors: .sample)
}

/// The fonts text is set in, for scenes that have text.
public struct SceneTextContext: Sendable {
    public let fonts: FontLibrary
    public let glyphCache: GlyphCache
    /// The language text is shaped in.
    public let language: LanguageTag
    /// Long words may be hyphenated with `language`'s dictionary (a card's event names its
    /// locale; a scene file's text has no language of its own, so it is not hyphenated).
    public let hyphenates: Bool

    public init(fonts: FontLibrary, glyphCache: GlyphCache, language: LanguageTag = LanguageTag("en")!, hyphenates: Bool = false) {
        self.fonts = fonts
        self.glyphCache = glyphCache
        self.language = language
        self.hyphenates = hyphenates
    }
}

extension Scene {
    /// The scene for one event and palette colour on a canvas of `size` points (the design
    /// size when nil) at `scale` (the scene's own when nil): the one place where frames are
    /// placed and text is measured. Throws `SceneLimitError` when the render would need more
    /// than `SceneLimits` allows, and when text needs fonts that `text` does not have.
    public func resolve(_ bindings: SceneBindings = .sample, size: Size? = nil, scale: Double? = nil,
                        text: SceneTextContext? = nil,
                        pixelLimit: Double = SceneLimits.maximumPixelsPerRender) throws -> ResolvedScene {
        let size = size ?? self.size
        let scale = scale ?? self.scale
        if let problem = pixelBudgetProblem(size: size, scale: scale, limit: pixelLimit) { throw SceneLimitError(description: problem) }
        let context = try text.map { text in
            var context = try LayoutContext(fonts: text.fonts, glyphCache: text.glyphCache, language: text.language, scale: scale)
            context.hyphenates = text.hyphenates
            return context
        }
        let canvas = Rect(origin: .zero, size: size)
        let margins = safeArea.map { $0.points(along: min(size.width, size.height), canvas: size) }
        let safe = canvas.inset(by: EdgeInsets(top: margins[0], left: margins[1], bottom: margins[2], right: margins[3]))
        let resolver = SceneResolver(bindings: bindings, canvas: canvas, grid: try PixelGrid(scale: scale), context: context,
                                     safe: safe, direction: bindings.direction,
                                     shadowBudget: ShadowBudget(scale: scale, limit: pixelLimit),
                                     scrimBudget: .forScrims(scale: scale, limit: pixelLimit))
        let resolved = try resolver.resolve(elements)
        return ResolvedScene(size: size, scale: scale, background: background.resolve(bindings.colors, canvas: size),
                             elements: resolved, glyphCache: text?.glyphCache, emptyFrames: resolver.emptyFrames.withLock { $0.notes })
    }

    /// Resolves and draws in one call.
    public func render(_ bindings: SceneBindings = .sample, size: Size? = nil, scale: Double? = nil,
                       text: SceneTextContext? = nil) throws -> Canvas {
        try resolve(bindings, size: size, scale: scale, text: text).draw()
    }
}

/// Places and measures a scene's elements for one canvas.
struct SceneResolver {
    let bindings: SceneBindings
    let canvas: Rect
    let grid: PixelGrid
    let context: LayoutContext?

    var colors: PaletteColors { bindings.colors }

    /// The canvas inset by the scene's safe margins.
    let safe: Rect
    let direction: TextDirection
    /// The placed frames of the named elements resolved so far.
    let named = LockedValue<[String: Rect]>([:])
    /// Where a frame written with constraints resolved to no width or no height (its edges
    /// crossed or met), so its element draws nothing: `ResolvedScene.emptyFrames`, in order,
    /// each once (an element's frame may be placed more than once: to find what it hides, then
    /// to draw it).
    let emptyFrames = LockedValue<(notes: [String], seen: Set<String>)>(([], []))
    /// The faces of the event's photo as the elements resolved so far show them.
    let facesOnCanvas = LockedValue<VisibleFaces>(VisibleFaces())
    /// The clip of the groups the elements being resolved are in, on the canvas.
    var groupClip: Rect?
    /// False inside a filtered group: a filter may soften or move what it draws, so an opaque
    /// rectangle there is not known to hide the faces under it.
    var coversAreExact = true
    /// The device pixels the text shadows resolved so far will blur.
    let shadowBudget: ShadowBudget
    /// The device pixels the label scrims resolved so far may lay masks over.
    let scrimBudget: ShadowBudget
    /// The pattern pieces the patterns resolved so far draw, shared by every copy of the resolver.
    let patternPieces = LockedValue<Double>(0)

    func resolve(_ elements: [SceneElement]) throws -> [ResolvedElement] {
        try elements.compactMap(resolve)
    }

    func place(_ frame: Frame) throws -> Rect {
        do {
            let rect = try Self.checked(frame.place(in: canvas.size, safe: safe, direction: direction, named: named.withLock { $0 }))
            if case .constrained(let constraints) = frame, !(rect.width > 0 && rect.height > 0) {
                let place = constraints.source.isEmpty ? "an element's frame" : constraints.source
                let size = "\(String(format: "%.6g", rect.width)) × \(String(format: "%.6g", rect.height)) points"
                let note = "\(place): resolves to \(size) on this canvas, so its element draws nothing"
                emptyFrames.withLock { if $0.seen.insert(note).inserted { $0.notes.append(note) } }
            }
            return rect
        } catch let error as SceneLimitError {
            guard case .constrained(let constraints) = frame, !constraints.source.isEmpty else { throw error }
            throw SceneLimitError(description: "\(constraints.source): \(error.description)")
        }
    }

    /// The farthest from the canvas's origin, in points, that a placed frame's edges may lie
    /// (the canvas is at most 8,192): anchors on other elements and aspect ratios can multiply
    /// a size out of every range, up to infinity and NaN, which nothing downstream can draw.
    static let maximumFrameExtent = 1_000_000.0

    static func checked(_ rect: Rect) throws -> Rect {
        let edges = [rect.minX, rect.minY, rect.maxX, rect.maxY]
        guard edges.allSatisfy({ $0.isFinite && abs($0) <= maximumFrameExtent }) else {
            func text(_ v: Double) -> String { v.isFinite ? String(format: "%.6g", v) : "\(v)" }
            throw SceneLimitError(description: "an element's frame resolves to x \(text(rect.minX)), y \(text(rect.minY)), width \(text(rect.width)), height \(text(rect.height)) points, beyond ±\(Int(maximumFrameExtent)): its anchors and aspect ratios multiply out of range")
        }
        return rect
    }

    /// Nil when the element shows a field the event does not have.
    func resolve(_ element: SceneElement) throws -> ResolvedElement? {
        switch element {
        case .shape(let shape):
            let path = ShapeElement.path(shape.outline, in: try shape.frame.map(place) ?? .zero)
            if let cover = try opaqueRect(shape) { facesOnCanvas.withLock { $0.hide(under: cover) } }
            return .shape(path, fill: shape.fill?.resolve(colors, canvas: canvas.size), fillRule: shape.fillRule,
                          stroke: shape.stroke.map { (paint: $0.paint.resolve(colors, canvas: canvas.size), style: $0.style) })

        case .image(let image):
            let box = try place(image.frame)
            let pixels: Image
            var photoCrop: Rect?
            switch image.source {
            case .asset(let asset): pixels = try asset.image()
            case .eventPhoto(let placeholder):
                if let photo = bindings.photo {
                    (pixels, photoCrop) = try framed(photo, in: box.size, contentMode: image.contentMode, crop: image.crop)
                } else {
                    guard let image = try placeholder?.image() else { return nil }
                    pixels = image
                }
            }
            let clips = image.clipsToBounds || image.cornerRadius > 0
            let (frame, mode) = image.sizing.placement(of: pixels.size, in: box, contentMode: image.contentMode, direction: direction)
            let drawn = mode.frame(for: pixels.size, in: frame)
            if let photoCrop {
                let clip = clips ? groupClip.map { $0.intersection(frame) } ?? frame : groupClip
                recordFaces(croppedTo: photoCrop, drawnAs: drawn, clippedTo: clip, filters: image.filters)
            }
            var filters = image.filters
            if case .eventPhoto = image.source {
                let pixelsPerPoint = Self.pixelsPerPoint(of: pixels.size, drawnIn: drawn)
                filters = filters.map { $0.scaled(by: pixelsPerPoint) }
            }
            return .image(pixels, frame: frame, contentMode: mode, clipsToBounds: clips, cornerRadius: image.cornerRadius,
                          filters: filters)

        case .label(let label, let frame):
            let rect = try place(frame)
            guard let fitted = try fittedText(label, in: rect) else { return nil }
            return .text(try fitted.resolve(in: rect, fields: label.text.fields, context: requireContext()))

        case .chip(let chip, let frame, let alignment):
            guard let chip = try chipLayout(chip, fitsHeight: true) else { return nil }
            let context = try requireContext()
            let bounds = try place(frame)
            let size = try chip.sizeThatFits(bounds.size, context: context)
            let width = min(size.width, bounds.width), height = min(size.height, bounds.height)
            let x: Double
            switch alignment.resolved(direction) {
            case .left: x = bounds.minX
            case .right: x = bounds.maxX - width
            case .center, .leading, .trailing: x = bounds.midX - width / 2  // leading and trailing are resolved above
            }
            return .chip(try chip.resolve(in: grid.snap(Rect(x: x, y: bounds.midY - height / 2, width: width, height: height)),
                                          context: context))

        case .stack(let items, let frame, let spacing, let spread):
            let rect = try place(frame)
            var views: [any LayoutView] = []
            var fields: [[EventField]] = []
            for item in items {
                switch item {
                case .label(let label):
                    if let fitted = try fittedText(label, in: rect) { views.append(fitted); fields.append(label.text.fields) }
                case .chip(let chip):
                    if let layout = try chipLayout(chip, fitsHeight: false) { views.append(layout); fields.append(chip.text.fields) }
                }
            }
            guard !views.isEmpty else { return nil }
            let context = try requireContext()
            let stack = try Stack(axis: .vertical, children: views, spacing: spacing, alignment: .center, distribution: spread.distribution)
            let frames = try stack.frames(in: rect, context: context).map(Self.checked)
            return .group(try zip(views, zip(frames, fields)).map { view, placed in
                if let text = view as? FittedText { return .text(try text.resolve(in: placed.0, fields: placed.1, context: context)) }
                return .chip(try (view as! ChipLayout).resolve(in: placed.0, context: context))
            }, clip: nil, filters: [])

        case .pattern(let pattern, let frame):
            let rect = try place(frame)
            let pieces = pattern.pieceCount(in: rect, within: canvas)
            guard pieces <= Double(Pattern.maximumPieces) else {
                throw SceneLimitError(description: "the pattern would draw \(Int(min(pieces, 1e15))) pieces on the canvas, over the limit of \(Pattern.maximumPieces)")
            }
            let drawn = patternPieces.withLock { total in
                total += pieces
                return total
            }
            guard drawn <= Double(Pattern.maximumPieces) else {
                throw SceneLimitError(description: "the patterns would draw \(Int(min(drawn, 1e15))) pieces on the canvas together, over the limit of \(Pattern.maximumPieces) for all of a render's patterns")
            }
            let shapes = pattern.shapes(in: rect, within: canvas).map { path, index in
                ResolvedElement.shape(path, fill: .solid(pattern.colors[index].resolve(colors)), fillRule: .nonZero, stroke: nil)
            }
            return .group(shapes, clip: (rect: rect, cornerRadius: 0), filters: [])

        case .group(let children, let clip, let filters):
            let clip = try clip.map { (rect: try place($0.frame), cornerRadius: $0.cornerRadius) }
            var inner = self
            if let clip { inner.groupClip = groupClip.map { $0.intersection(clip.rect) } ?? clip.rect }
            if !filters.isEmpty { inner.coversAreExact = false }
            let facesBefore = facesOnCanvas.withLock { $0.faceCount }
            let resolved = ResolvedElement.group(try inner.resolve(children), clip: clip, filters: filters)
            // A straightened group turns the faces its images showed with its layer (the canvas).
            if let transform = filters.pointTransform(width: canvas.width, height: canvas.height) {
                facesOnCanvas.withLock { $0.move(facesAddedSince: facesBefore, by: transform, clippedTo: inner.groupClip) }
            }
            return resolved

        case .snapshot(let frame, let mode, let levels):
            return .snapshot(frame: try place(frame), contentMode: mode, levels: levels)

        case .named(let id, let inner):
            let resolved = try resolve(inner)
            if let frame = try placedFrame(inner, resolved) { named.withLock { $0[id] = frame } }
            return resolved

        case .choice(let choice):
            return .group(try resolve(choice), clip: nil, filters: [])
        }
    }

    /// Where an element went: a chip's own frame, an image's (fitted) frame, other elements'
    /// frames as placed (a path's is unknown). Nil when the element was left out.
    func placedFrame(_ element: SceneElement, _ resolved: ResolvedElement?) throws -> Rect? {
        guard let resolved else { return nil }
        if case .chip(let chip) = resolved { return chip.frame }
        if case .image(_, let frame, _, _, _, _) = resolved { return frame }
        switch element {
        case .shape(let shape): return try shape.frame.map(place)
        case .image(let image): return try place(image.frame)
        case .label(_, let frame), .chip(_, let frame, _), .stack(_, let frame, _, _), .pattern(_, let frame),
             .snapshot(let frame, _, _): return try place(frame)
        case .group, .named, .choice: return nil
        }
    }

    func requireContext() throws -> LayoutContext {
        guard let context else { throw SceneLimitError(description: "the scene has text, and no fonts were given to set it in") }
        return context
    }

    /// A font size in points on this canvas.
    func points(_ size: Length) -> Double { size.points(along: min(canvas.width, canvas.height), canvas: canvas.size) }

    /// `style`'s attributes for the `kind` of element ("label", "chip") showing `text`. A size
    /// out of range names the element by its text: a length such as `60vmin` is in range on one
    /// canvas and not on another, so `templates validate` reports it at a size the file never names.
    func attributes(_ style: TextStyle, of kind: String, showing text: TextReference) throws -> TextAttributes {
        do {
            return try TextAttributes(family: style.family, weight: style.weight, sizeInPoints: points(style.size),
                                      color: style.color.resolve(colors), trackingInThousandthsOfEm: style.trackingInThousandthsOfEm)
        } catch TypesettingError.invalidArgument(let message) {
            throw TypesettingError.invalidArgument("the \(kind) showing \(text.source): \(message)")
        }
    }

    /// The label's text shaped once, or nil when a field it shows has no value.
    /// `label`'s text fitted, to be placed within `area`; its shadow and its scrim, if any,
    /// are charged to their budgets first.
    func fittedText(_ label: LabelElement, in area: Rect) throws -> FittedText? {
        guard let string = label.text.filled(bindings.values) else { return nil }
        if let shadow = label.shadow {
            try shadowBudget.charge(ShadowBudget.maskPixels(text: area, offset: shadow.offset, blurInPoints: shadow.blur,
                                                           canvas: canvas, scale: grid.scale))
        }
        if let scrim = label.scrim {
            try scrimBudget.charge(ShadowBudget.scrimPixels(text: area, featherInPoints: scrim.featherInPoints, extent: scrim.extent,
                                                            canvas: canvas, scale: grid.scale))
        }
        let shadow = label.shadow.flatMap {
            TextShadow(offsetInPoints: $0.offset, blurRadiusInPoints: $0.blur, color: $0.color.resolve(colors))
        }
        return try FittedText(string, attributes: attributes(label.style, of: "label", showing: label.text), context: requireContext(),
                              numberOfLines: label.maxLines.lines(for: canvas.size), lineBreakMode: .truncatingTail, alignment: label.alignment, wrap: label.wrap,
                              adjustsFontSize: true, minimumScaleFactor: label.minimumScaleFactor,
                              lineHeightMultiple: label.lineHeightMultiple, verticalAlignment: label.verticalAlignment, shadow: shadow,
                              scrim: label.scrim.map {
                                  TextScrim(color: $0.color.resolve(colors), minimumContrast: $0.minimumContrast,
                                            featherInPoints: $0.featherInPoints, extent: $0.extent)
                              },
                              color: label.style.color)
    }

    /// `chip` laid out; `fitsHeight` for one placed in a frame of its own (see `ChipLayout`).
    func chipLayout(_ chip: ChipElement, fitsHeight: Bool) throws -> ChipLayout? {
        guard let string = chip.text.filled(bindings.values) else { return nil }
        let context = try requireContext()
        let attributes = try attributes(chip.style, of: "chip", showing: chip.text)
        let fontSize = points(chip.style.size)
        var glyph: ChipLayout.Glyph?
        switch chip.glyph {
        case .icon(let icon, let style)?:
            let side = fontSize * 1.1
            guard side <= 4096 else { throw LayoutError.invalidArgument("icon size must be in (0, 4096] points, got \(side)") }
            glyph = .icon(icon, style, attributes.color, size: grid.snap(Size(width: side, height: side)))
        case .emoji?:
            if let emoji = bindings.values[.emoji], !emoji.isEmpty {
                let emojiAttributes = try TextAttributes(family: "Noto Color Emoji", weight: .regular, sizeInPoints: fontSize)
                glyph = .emoji(try FittedText(emoji, attributes: emojiAttributes, context: context, numberOfLines: 1,
                                              lineBreakMode: .wordWrap, alignment: .center))
            }
        case nil:
            break
        }
        func title(lines: Int, shapedAs sibling: FittedText? = nil) throws -> FittedText? {
            string.isEmpty ? nil : try FittedText(string, attributes: attributes, context: context, numberOfLines: lines,
                                                  lineBreakMode: .truncatingTail, alignment: .natural, wrap: lines > 1 ? .balanced : .greedy,
                                                  adjustsFontSize: chip.minimumScaleFactor < 1,
                                                  minimumScaleFactor: chip.minimumScaleFactor, color: chip.style.color, shapedAs: sibling)
        }
        let oneLine = try title(lines: 1)
        return ChipLayout(glyph: glyph, title: oneLine, wrappedTitle: chip.maxLines > 1 ? try title(lines: chip.maxLines, shapedAs: oneLine) : nil,
                          fields: chip.text.fields, contentInsets: chip.contentInsets.edgeInsets(fontSizeInPoints: fontSize),
                          spacing: glyph == nil ? 0 : chip.spacing.points(fontSizeInPoints: fontSize),
                          background: try chip.background.map {
                              try Background(paint: .solid($0.resolve(colors)), cornerRadius: chip.cornerRadius ?? .infinity)
                          }, fitsHeight: fitsHeight)
    }
}

extension SceneResolver {
    /// The photo cropped, in whole pixels, to the part an aspect fill of `frameSize` shows:
    /// the part `Framing` keeps so that every face stays in, or with `.mainFace` the head and
    /// shoulders `FaceCrop` cuts around the main face. Unchanged without faces (an aspect fill
    /// then shows the centre) or for other content modes. Also returns the crop, in the photo's
    /// pixels (the whole photo when unchanged).
    func framed(_ photo: Image, in frameSize: Size, contentMode: ContentMode, crop mode: PhotoCrop) throws -> (Image, crop: Rect) {
        let whole = Rect(origin: .zero, size: photo.size)
        guard contentMode == .aspectFill, !bindings.photoFaces.isEmpty, frameSize.width > 0, frameSize.height > 0 else { return (photo, whole) }
        let crop: Rect
        switch mode {
        case .faces: crop = Framing(imageSize: photo.size, targetSize: frameSize, faces: bindings.photoFaces).crop
        case .mainFace:
            guard let faceCrop = FaceCrop(imageSize: photo.size, targetSize: frameSize, faces: bindings.photoFaces) else { return (photo, whole) }
            crop = faceCrop.crop
        }
        let minX = max(0, crop.minX.rounded()), minY = max(0, crop.minY.rounded())
        let width = min(Double(photo.width) - minX, max(1, crop.width.rounded())), height = min(Double(photo.height) - minY, max(1, crop.height.rounded()))
        guard width >= 1, height >= 1, width < Double(photo.width) || height < Double(photo.height) else { return (photo, whole) }
        let pixels = Rect(x: minX, y: minY, width: width, height: height)
        return (try photo.cropped(to: pixels, scaledToWidth: Int(width), height: Int(height)), pixels)
    }

    /// How many of an image's pixels make one point when it is drawn as `drawn`: the geometric
    /// mean of the two axes' ratios (they differ only for a `scaleToFill` that stretches).
    /// The event photo's filter lengths are in points, converted by this: its pixels depend on
    /// the photo given and on how far its format's decoder reduced it, so lengths in its pixels
    /// would soften one card more than another.
    static func pixelsPerPoint(of size: Size, drawnIn drawn: Rect) -> Double {
        guard drawn.width > 0, drawn.height > 0 else { return 1 }
        return (size.width / drawn.width * (size.height / drawn.height)).squareRoot()
    }

    /// Notes where the photo's faces land on the canvas when its `crop` is drawn into
    /// `drawn` (and clipped to `clip`), for choices that keep text clear of them.
    /// Adds the photo's faces where the image shows them: cropped to `crop` (photo pixels),
    /// moved as the image's `filters` move its pixels (a straightening turns them with it), and
    /// scaled into `drawn`.
    func recordFaces(croppedTo crop: Rect, drawnAs drawn: Rect, clippedTo clip: Rect?, filters: [Filter] = []) {
        guard crop.width > 0, crop.height > 0 else { return }
        let sx = drawn.width / crop.width, sy = drawn.height / crop.height
        // In the cropped picture's own pixels, where the filters run.
        let origin = Transform.translation(x: -crop.minX, y: -crop.minY)
        let moved = filters.pointTransform(width: crop.width, height: crop.height, after: origin) ?? origin
        let placed = moved.concatenating(.scale(x: sx, y: sy)).concatenating(.translation(x: drawn.minX, y: drawn.minY))
        facesOnCanvas.withLock { faces in
            // Raised for the hair before turning, so a face upside down keeps its hair below it.
            for face in bindings.photoFaces { faces.add(region: placed.boundingBox(of: VisibleFaces.raised(face)), clippedTo: clip) }
        }
    }

    /// What an opaque rectangle hides on the canvas: a `rect` without rounded corners whose
    /// fill is opaque, clipped as its groups clip; nil for other shapes and inside a filtered
    /// group.
    func opaqueRect(_ shape: ShapeElement) throws -> Rect? {
        guard coversAreExact, case .rect(let cornerRadius) = shape.outline, cornerRadius <= 0, let frame = shape.frame,
              let fill = shape.fill?.resolve(colors, canvas: canvas.size), fill.isOpaque else { return nil }
        let rect = try place(frame)
        return groupClip.map { $0.intersection(rect) } ?? rect
    }

    /// The elements a choice draws: the list for the canvas's shape, the list for whether the
    /// event has a field, or the first option whose text is clear of the faces the card shows
    /// once the option is drawn, else the one whose text covers them least. Options are
    /// resolved in turn until one is clear; the named frames and the visible faces after the
    /// choice are those of the option kept.
    func resolve(_ choice: Choice) throws -> [ResolvedElement] {
        switch choice {
        case .field(let fields, let present, let absent):
            return try resolve(fields.contains { bindings.values[$0] != nil } ? present : absent)
        case .canvasShape(let landscape, let square, let portrait, let wide, let tall):
            switch CanvasShape(canvas.size) {
            case .wide: return try resolve(wide ?? landscape)
            case .tall: return try resolve(tall ?? portrait)
            case .landscape: return try resolve(landscape)
            case .square: return try resolve(square)
            case .portrait: return try resolve(portrait)
            }
        case .clearOfFaces(let options):
            guard let first = options.first else { return [] }
            guard bindings.photo != nil, !bindings.photoFaces.isEmpty, options.count > 1 else { return try resolve(first) }
            let namedBefore = named.withLock { $0 }, facesBefore = facesOnCanvas.withLock { $0 }
            var best: (elements: [ResolvedElement], overlap: Double, named: [String: Rect], faces: VisibleFaces)?
            for option in options {
                named.withLock { $0 = namedBefore }
                facesOnCanvas.withLock { $0 = facesBefore }
                let elements = try resolve(option)
                let faces = facesOnCanvas.withLock { $0 }
                let text = FaceOverlap.textBounds(elements)
                let overlap = faces.overlap(with: text)
                let clear = FaceOverlap.isClear(text, of: faces)
                if clear || best == nil || overlap < best!.overlap { best = (elements, overlap, named.withLock { $0 }, faces) }
                if clear { break }
            }
            named.withLock { $0 = best!.named }
            facesOnCanvas.withLock { $0 = best!.faces }
            return best!.elements
        }
    }
}
