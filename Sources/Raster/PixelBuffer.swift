import CPixman
import Glibc

/// Owned memory for premultiplied ARGB32 pixels (one `UInt32` per pixel, alpha in the high
/// byte; in memory B, G, R, A on little-endian machines), rows packed with no padding.
// Unchecked: a buffer is written only while one owner builds it (a Canvas, a filter's output);
// an `Image` wraps its own copy and never writes to it, so shared buffers are read-only.
final class PixelBuffer: @unchecked Sendable {
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    /// Gives adopted memory back to whoever allocated it; nil when this buffer allocated it.
    private let release: (@Sendable (UnsafeMutablePointer<UInt32>) -> Void)?
    /// The bytes reserved from `pixels` on in whole huge pages and not yet marked for them
    /// (`adviseHugePages`); 0 when marked, or when the buffer is not laid out for them.
    private var unadvisedHugePageBytes = 0

    var count: Int { width * height }
    var strideBytes: Int { width * 4 }

    convenience init(width: Int, height: Int, fill: UInt32 = 0) {
        self.init(uninitializedWidth: width, height: height)
        self.fill(rows: 0..<height, with: fill)
    }

    /// Sets every pixel of `rows` (inside the buffer) to `value`.
    func fill(rows: Range<Int>, with value: UInt32) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height)
        guard !rows.isEmpty else { return }
        // pixman's SIMD fill: a 1024×576 canvas in a fraction of the instructions of a Swift
        // loop. It refuses only sizes past Int32, which are filled by the loop.
        guard let w = Int32(exactly: width), let y = Int32(exactly: rows.lowerBound), let h = Int32(exactly: rows.count),
              pixman_fill(pixels, w, 32, 0, y, w, h, value) != 0 else {
            (pixels + rows.lowerBound * width).initialize(repeating: value, count: rows.count * width)
            return
        }
    }

    /// A buffer whose pixels hold whatever the memory held: only for a caller that writes
    /// every pixel before anything reads one (a copy, a decoder's output, a resampling pass).
    /// Filling 2.4 MB that is about to be overwritten costs a pass over it for nothing.
    ///
    /// `adviseHugePages: false` lays a large buffer out for huge pages but leaves it in small
    /// ones until `adviseHugePages()`: for a caller that may write only a band of rows, where
    /// the first write would otherwise make the kernel clear a whole 2 MiB page.
    init(uninitializedWidth width: Int, height: Int, adviseHugePages: Bool = true) {
        precondition(width > 0 && height > 0, "pixel buffer needs at least one pixel")
        self.width = width
        self.height = height
        if let (large, reserved) = Self.hugePageBacked(count: width * height) {
            pixels = large
            release = { free($0) }
            unadvisedHugePageBytes = reserved
            if adviseHugePages { self.adviseHugePages() }
        } else {
            pixels = .allocate(capacity: width * height)
            release = nil
        }
    }

    /// Transparent huge pages: 2 MiB on x86-64 Linux.
    static let hugePageBytes = 2 << 20

    /// The least part of a huge page worth rounding a buffer up to a whole one for: below it,
    /// faulting the part in 4 KiB pages costs less than clearing the whole 2 MiB page. Measured
    /// on this kind of machine (a fresh process filling the buffer, medians of 40, 2026-12-01):
    /// a 1024×576 canvas (2 MiB and 256 KiB) filled in 0.64 ms either way; 1200×630 (2 MiB and
    /// 930 KiB) in 1.30 ms in small pages, 0.70 ms rounded up to 4 MiB; a 1 MiB buffer in 0.92
    /// against 0.35 ms. Break-even is about 400 KiB.
    static let hugePageRoundingThreshold = 400 << 10

    /// How many bytes to reserve for a buffer of `bytes`, and whether to mark them for huge
    /// pages: whole huge pages, the last one dropped when the buffer would use less than
    /// `hugePageRoundingThreshold` of it (so a 1024×576 canvas takes one huge page and 64 small
    /// ones, a 1200×630 canvas two huge pages, a 600×480 buffer one); nil for buffers too small
    /// to use a huge page at all. The extra memory is at most 2 MiB per buffer, and only where
    /// the kernel uses transparent huge pages on advice.
    static func hugePageLayout(bytes: Int) -> (reserved: Int, rounded: Bool)? {
        let whole = bytes / hugePageBytes, tail = bytes % hugePageBytes
        if tail >= hugePageRoundingThreshold { return ((whole + 1) * hugePageBytes, true) }
        return whole > 0 ? (bytes, false) : nil
    }

    /// Whether the kernel gives transparent huge pages on `madvise` (mode `always` or
    /// `madvise` in `/sys/kernel/mm/transparent_hugepage/enabled`); read once. Where it does not,
    /// rounding a buffer up would only waste memory.
    static let transparentHugePagesOnAdvice: Bool = {
        let fd = open("/sys/kernel/mm/transparent_hugepage/enabled", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return hugePagesOnAdvice(modeLine: bytes[..<count])
    }()

    /// Whether a line of `transparent_hugepage/enabled` ("always [madvise] never", the active
    /// mode in brackets) gives huge pages on `madvise`. Bytes compared, not by Foundation's
    /// substring search, whose first use costs a one-card render.
    static func hugePagesOnAdvice(modeLine line: ArraySlice<UInt8>) -> Bool {
        ["[always]", "[madvise]"].contains { mode in line.indices.contains { line[$0...].starts(with: mode.utf8) } }
    }

    /// Memory for `count` pixels starting on a huge-page boundary, and the bytes reserved
    /// there for marking for transparent huge pages, when it spans at least one or most of one
    /// (`hugePageLayout`): the kernel can then back a 1024×576 canvas's first 2 MiB with one
    /// page at its first write, where 4 KiB pages took 512 page faults (0.7 ms of a one-card
    /// render's 1.2 ms to fill its canvas, measured on this kind of machine). nil for smaller
    /// buffers or when the allocation fails.
    private static func hugePageBacked(count: Int) -> (UnsafeMutablePointer<UInt32>, reserved: Int)? {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<UInt32>.stride)
        guard !overflow, let layout = hugePageLayout(bytes: bytes) else { return nil }
        if layout.rounded && !transparentHugePagesOnAdvice {
            return bytes >= hugePageBytes ? aligned(bytes: bytes, count: count) : nil
        }
        return aligned(bytes: layout.reserved, count: count)
    }

    private static func aligned(bytes: Int, count: Int) -> (UnsafeMutablePointer<UInt32>, reserved: Int)? {
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, hugePageBytes, bytes) == 0, let memory else { return nil }
        return (memory.bindMemory(to: UInt32.self, capacity: count), bytes)
    }

    /// Whether the buffer is laid out for huge pages but not yet marked for them.
    var awaitsHugePageAdvice: Bool { unadvisedHugePageBytes > 0 }

    /// Marks the memory laid out for huge pages for them, once; pages already touched stay
    /// as they are. `madvise` is advice, and where huge pages are off the memory simply stays
    /// in ordinary pages (and is not rounded up), so its result is not an error.
    func adviseHugePages() {
        guard unadvisedHugePageBytes > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(pixels), unadvisedHugePageBytes, MADV_HUGEPAGE)
        unadvisedHugePageBytes = 0
    }

    /// Takes over `width × height` pixels allocated elsewhere (a decoder's output), handing
    /// them to `release` at the end instead of copying them.
    init(adopting pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
         release: @escaping @Sendable (UnsafeMutablePointer<UInt32>) -> Void) {
        precondition(width > 0 && height > 0, "pixel buffer needs at least one pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.release = release
    }

    convenience init(copying other: PixelBuffer) {
        self.init(uninitializedWidth: other.width, height: other.height)
        pixels.initialize(from: other.pixels, count: count)
    }

    deinit {
        if let release { release(pixels) } else { pixels.deallocate() }
    }

    /// A pixman image over this memory. The returned handle keeps the buffer alive.
    func pixmanImage() -> PixmanImage {
        let handle = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                              pixels, Int32(strideBytes))!
        return PixmanImage(handle, retaining: self)
    }
}

/// Owns one reference to a `pixman_image_t`, and whatever memory the image reads from.
final class PixmanImage {
    let handle: OpaquePointer
    private let storage: AnyObject?

    init(_ handle: OpaquePointer, retaining storage: AnyObject? = nil) {
        self.handle = handle
        self.storage = storage
    }

    deinit { pixman_image_unref(handle) }

    static func solid(_ color: Color) -> PixmanImage { solid(premultipliedARGB32: color.premultipliedARGB32) }

    /// A solid fill of one premultiplied ARGB32 word, which pixman composites as exactly that word.
    static func solid(premultipliedARGB32 argb: UInt32) -> PixmanImage {
        func c16(_ shift: UInt32) -> UInt16 { UInt16((argb >> shift) & 0xFF) * 257 }
        var pc = pixman_color_t(red: c16(16), green: c16(8), blue: c16(0), alpha: c16(24))
        return PixmanImage(pixman_image_create_solid_fill(&pc))
    }
}

/// Composites `source` (through `mask`, if any) onto `destination` with Porter-Duff `op`.
/// Coordinates are destination pixels; `sourceOrigin` and `maskOrigin` say which source and
/// mask pixels land on `destinationRect`'s top-left corner.
func composite(_ op: pixman_op_t, source: PixmanImage, mask: PixmanImage?, destination: PixmanImage,
               sourceOrigin: (Int, Int), maskOrigin: (Int, Int) = (0, 0), destinationRect: PixelRect) {
    guard !destinationRect.isEmpty else { return }
    pixman_image_composite32(op, source.handle, mask?.handle, destination.handle,
                             Int32(sourceOrigin.0), Int32(sourceOrigin.1),
                             Int32(maskOrigin.0), Int32(maskOrigin.1),
                             Int32(destinationRect.x), Int32(destinationRect.y),
                             Int32(destinationRect.width), Int32(destinationRect.height))
}
