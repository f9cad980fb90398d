/// The fuzz targets: what each does with one input. The libFuzzer executables under
/// fuzz/targets/ call `run`, and so do the regression tests, so a crash found by fuzzing is
/// replayed through exactly the code that found it.
///
/// A target returns normally for every input, valid or not; it traps only when the code
/// under test breaks one of its own promises (a property checked with `FuzzCheck`), or when
/// that code itself traps or corrupts memory.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case event, scene, template, palette
    case pathData = "path-data"
    case png
    case pngEncode = "png-encode"
    case requestTarget = "request-target"
    case requestHeaders = "request-headers"
    case httpWire = "http-wire"
    case cardQuery = "card-query"
    case urlSignature = "url-signature"
    case textLayout = "text-layout"
    case photo
    case json
    case heicStructure = "heic-structure"
    case multipart
    case photoURL = "photo-url"
    case font

    public func run(_ input: [UInt8]) {
        switch self {
        case .event: EventFuzz.run(input)
        case .scene: SceneFuzz.run(input)
        case .template: TemplateFuzz.run(input)
        case .palette: PaletteFuzz.run(input)
        case .pathData: PathDataFuzz.run(input)
        case .png: PNGFuzz.run(input)
        case .pngEncode: PNGEncodeFuzz.run(input)
        case .requestTarget: RequestTargetFuzz.run(input)
        case .requestHeaders: RequestHeadersFuzz.run(input)
        case .httpWire: HTTPWireFuzz.run(input)
        case .cardQuery: CardQueryFuzz.run(input)
        case .urlSignature: URLSignatureFuzz.run(input)
        case .textLayout: TextLayoutFuzz.run(input)
        case .photo: PhotoFuzz.run(input)
        case .json: JSONFuzz.run(input)
        case .heicStructure: HEICStructureFuzz.run(input)
        case .multipart: MultipartFuzz.run(input)
        case .photoURL: PhotoURLFuzz.run(input)
        case .font: FontFuzz.run(input)
        }
    }

    /// Entry point for `LLVMFuzzerTestOneInput`.
    public func run(_ data: UnsafePointer<UInt8>?, count: Int) {
        guard let data, count > 0 else { return run([]) }
        run(Array(UnsafeBufferPointer(start: data, count: count)))
    }
}
