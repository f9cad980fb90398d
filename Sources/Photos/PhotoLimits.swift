import Raster

extension ImageLimits {
    /// The caps on a user's photo, wherever it comes from (`render --photo`, a batch line's
    /// `"photo"`, `faces`, an upload, `photo=<url>`): a phone's 48 MP (8064×6048) JPEG and a
    /// 9000×3000 panorama pass, where scene assets keep `default`'s 8192 a side and 40 MP.
    /// JPEG, WebP and (from twice the card's size) PNG are decoded reduced, so for them the
    /// pixel cap bounds decoding work, not memory; a PNG under twice the card's size and a HEIC
    /// are decoded whole (50 MP is 200 MB). The server keeps these
    /// caps but its files to 10 MiB, or `--max-upload` when lower.
    public static let photo = ImageLimits(maxWidth: 12_000, maxHeight: 12_000, maxPixels: 50_000_000, maxFileBytes: 64 << 20)
}
