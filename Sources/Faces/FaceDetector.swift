import BufferText
import CFacesInterface
import CFacesLoader
import Foundation
import Geometry
import Raster

/// Finds frontal faces (and, by default, faces turned to the side when there is no frontal one)
/// with OpenCV's cascade classifiers, on a grey,
/// histogram-equalised copy of the image area-downscaled to `Settings.workingSidePixels`.
/// Load once and share: the frontal cascade is read when the detector is made and the profile
/// cascade by the first search that needs it; searches running at the same time (up to
/// `maxConcurrentSearches`) each have classifiers of their own from the detector's pool, sharing
/// those reads. The first detector opens the OpenCV plug-in (`libsharecard-faces.so`, beside
/// the executable or in `../lib/sharecard`); without it, making a detector throws
/// `FacesError.plugin`.
public struct FaceDetector: Sendable {
    /// How the detector searches. The defaults were chosen by measurement on labelled photos
    /// (docs/design.md, "Faces"; `bench/face_settings.py` prints the table).
    public struct Settings: Hashable, Sendable {
        /// When the profile cascade searches too (both ways round, for faces turned either side).
        public enum ProfileSearch: Hashable, Sendable {
            case never
            /// Only when the frontal cascade found no face: a turned face is then found, and a
            /// photo with frontal faces costs one cascade instead of three.
            case whenNoFrontalFace
            /// Always; profile faces overlapping no frontal face are added.
            case always
        }

        public let frontal: FaceCascade
        public let profiles: ProfileSearch
        /// The grey copy's longer side, at most; 0 searches at full size.
        public let workingSidePixels: Int
        /// How much each pyramid level shrinks, > 1.
        public let scaleFactor: Double
        /// Overlapping detections needed to keep a face.
        public let minNeighbors: Int
        /// The smallest face searched for, as a fraction of the working copy's longer side.
        public let minFaceFraction: Double
        /// The profile search's own `scaleFactor`, `minNeighbors` and smallest face: it finds
        /// turned faces only at the finer step, and skipping the smallest sizes (where a
        /// pyramid spends most of its time) halves its cost on a photo without faces.
        public let profileScaleFactor: Double
        public let profileMinNeighbors: Int
        public let profileMinFaceFraction: Double
        /// Searches faces of twice the cascade's window and larger on a half-size copy, at the
        /// stride OpenCV uses for smaller ones (it moves its window half as far above that size,
        /// which made those scales cost as much as the smallest). Same score on the labelled
        /// photos at about two thirds of the time (docs/design.md, "Faces").
        public let splitPyramid: Bool
        /// The same for the profile search; off, as it loses the labelled turned face.
        public let profileSplitPyramid: Bool

        public init(frontal: FaceCascade = .haarAlt2, profiles: ProfileSearch = .whenNoFrontalFace, workingSidePixels: Int = 352,
                    scaleFactor: Double = 1.1, minNeighbors: Int = 4, minFaceFraction: Double = 1.0 / 16,
                    profileScaleFactor: Double = 1.1, profileMinNeighbors: Int = 5, profileMinFaceFraction: Double = 1.0 / 8,
                    splitPyramid: Bool = true, profileSplitPyramid: Bool = false) throws {
            guard frontal != .haarProfile else { throw FacesError.invalidSettings("the profile cascade cannot be the frontal one") }
            guard workingSidePixels == 0 || (24...8192).contains(workingSidePixels) else {
                throw FacesError.invalidSettings("working side \(workingSidePixels) px is outside 24…8192 (or 0 for full size)")
            }
            for (name, factor) in [("scale factor", scaleFactor), ("profile scale factor", profileScaleFactor)] {
                guard factor > 1, factor <= 4 else { throw FacesError.invalidSettings("\(name) \(factor) is outside (1, 4]") }
            }
            for (name, count) in [("minimum neighbours", minNeighbors), ("profile minimum neighbours", profileMinNeighbors)] {
                guard (0...100).contains(count) else { throw FacesError.invalidSettings("\(name) \(count) is outside 0…100") }
            }
            for (name, fraction) in [("minimum face fraction", minFaceFraction), ("profile minimum face fraction", profileMinFaceFraction)] {
                guard fraction > 0, fraction <= 1 else { throw FacesError.invalidSettings("\(name) \(fraction) is outside (0, 1]") }
            }
            self.frontal = frontal
            self.profiles = profiles
            self.workingSidePixels = workingSidePixels
            self.scaleFactor = scaleFactor
            self.minNeighbors = minNeighbors
            self.minFaceFraction = minFaceFraction
            self.profileScaleFactor = profileScaleFactor
            self.profileMinNeighbors = profileMinNeighbors
            self.profileMinFaceFraction = profileMinFaceFraction
            self.splitPyramid = splitPyramid
            self.profileSplitPyramid = profileSplitPyramid
        }

        /// The longer side a photo is decoded at, at least, for a search to find what it finds in
        /// the whole photo: four times the working side, so each pixel of the grey working copy
        /// averages 4×4 decoded pixels or more (at twice, a 1/8 decode of a 48 MP photo lost a
        /// small face the whole decode found); 0 (whole) when the search is at full size.
        /// `sharecard faces` decodes at the smallest size the format offers that keeps it
        /// (`Photo(data:longerSideAtLeast:)`); measured in docs/design.md, "Faces".
        public var decodeSidePixels: Int { workingSidePixels * 4 }

        // The defaults are valid by construction.
        public static let standard = try! Settings()
    }

    public let settings: Settings
    /// The cascade files used (frontal, then profile when `settings` searches profiles). The
    /// frontal one is loaded by `init`; the profile one by the first search that needs it.
    public let cascadeFiles: [String]
    private let handle: DetectorHandle

    /// Finds the cascades `settings` names in the first of `cascadeDirectories` holding them and
    /// loads the frontal one; the profile cascade is read by the first search that needs it (a
    /// photo with a frontal face never does), and `faces(in:)` throws `FacesError.cascade` if it
    /// cannot be. Up to `maxConcurrentSearches` (1…256; by default one per core, at most 256)
    /// searches run at once, each with classifiers of its own, loaded when first needed; more
    /// wait for one of them to end. A set keeps one set of search buffers (the pyramid's integral images) for
    /// its cascades once it has searched: 3.5 MB for the standard 352-px working copy.
    public init(settings: Settings = .standard, cascadeDirectories: [String] = FaceCascade.searchDirectories,
                maxConcurrentSearches: Int = FaceDetector.maxConcurrentSearches(cores: ProcessInfo.processInfo.activeProcessorCount)) throws {
        guard (1...Int(SC_FACES_MAX_SEARCHES)).contains(maxConcurrentSearches) else {
            throw FacesError.invalidSettings("searches at once \(maxConcurrentSearches) is outside 1…\(SC_FACES_MAX_SEARCHES)")
        }
        func find(_ cascade: FaceCascade) throws -> String {
            guard let path = cascade.path(in: cascadeDirectories) else {
                throw FacesError.cascade("\(cascade.rawValue) not found in \(cascadeDirectories.joined(separator: ", ")) (Debian package opencv-data)")
            }
            return path
        }
        let frontal = try find(settings.frontal)
        let profile = settings.profiles == .never ? nil : try find(.haarProfile)
        self.settings = settings
        cascadeFiles = [frontal] + (profile.map { [$0] } ?? [])
        self.handle = try DetectorHandle(frontalPath: frontal, profilePath: profile, maxSearches: maxConcurrentSearches)
    }

    /// The default bound for a machine with `cores` cores: one search per core, within 1…256
    /// (a larger machine still gets a detector rather than an error).
    public static func maxConcurrentSearches(cores: Int) -> Int {
        min(max(cores, 1), Int(SC_FACES_MAX_SEARCHES))
    }

    /// The classifier pool's counts now.
    public var pool: FaceSearchPool {
        var counts = sc_faces_pool_counts()
        // Only a null argument fails, and neither is null.
        _ = handle.plugin.pointee.detector_pool(handle.pointer, &counts)
        return FaceSearchPool(capacity: counts.capacity, classifiers: counts.classifiers, searching: counts.searching,
                              mostSearching: counts.most_searching)
    }

    /// The faces in `image`, in its pixels, sorted top to bottom then left to right.
    /// Transparent pixels count as black (the pixels are premultiplied).
    public func faces(in image: Image) throws -> [Face] {
        var options = sc_faces_options(working_side_px: Int32(settings.workingSidePixels), scale_factor: settings.scaleFactor,
                                       min_neighbors: Int32(settings.minNeighbors), min_face_fraction: settings.minFaceFraction,
                                       profiles: Int32(Self.profileMode(settings.profiles)),
                                       profile_scale_factor: settings.profileScaleFactor, profile_min_neighbors: Int32(settings.profileMinNeighbors),
                                       profile_min_face_fraction: settings.profileMinFaceFraction,
                                       split_pyramid: settings.splitPyramid ? 1 : 0, profile_split_pyramid: settings.profileSplitPyramid ? 1 : 0)
        var capacity = 64
        while true {
            var rects = [sc_face_rect](repeating: sc_face_rect(), count: capacity)
            var count = 0
            var message = [CChar](repeating: 0, count: 256)
            let status = image.withUnsafePremultipliedARGB { words in
                words.withMemoryRebound(to: UInt8.self) { bytes in
                    handle.plugin.pointee.detect(handle.pointer, bytes.baseAddress, bytes.count, Int32(image.width), Int32(image.height),
                                    image.width * 4, &options, &rects, rects.count, &count, &message, message.count)
                }
            }
            if status == SC_FACES_CASCADE_UNREADABLE { throw FacesError.cascade(message.stringBeforeNUL) }
            guard status == 0 else { throw FacesError.detection(message.stringBeforeNUL) }
            if count > capacity { capacity = count; continue }
            return rects.prefix(count).map { Face(bounds: Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height)) }
        }
    }
}

extension FaceDetector {
    static func profileMode(_ search: Settings.ProfileSearch) -> Int {
        switch search {
        case .never: return Int(SC_FACES_PROFILES_NEVER)
        case .whenNoFrontalFace: return Int(SC_FACES_PROFILES_FALLBACK)
        case .always: return Int(SC_FACES_PROFILES_ALWAYS)
        }
    }
}

/// Owns one `sc_faces_detector`, made by the plug-in's entry points.
// Unchecked: the C++ detector guards its classifier pool with its own mutex (each search
// borrows classifiers of its own); the plug-in's table is written once, before the first load returns.
private final class DetectorHandle: @unchecked Sendable {
    let plugin: UnsafePointer<sc_faces_plugin>
    let pointer: OpaquePointer

    init(frontalPath: String, profilePath: String?, maxSearches: Int) throws {
        var message = [CChar](repeating: 0, count: 2048)
        guard let plugin = sc_faces_plugin_load(&message, message.count) else { throw FacesError.plugin(message.stringBeforeNUL) }
        var out: OpaquePointer?
        let status: Int32
        if let profilePath {
            status = plugin.pointee.detector_create(frontalPath, profilePath, maxSearches, &out, &message, message.count)
        } else {
            status = plugin.pointee.detector_create(frontalPath, nil, maxSearches, &out, &message, message.count)
        }
        guard status == 0, let out else { throw FacesError.cascade(message.stringBeforeNUL) }
        self.plugin = plugin
        pointer = out
    }

    deinit { plugin.pointee.detector_destroy(pointer) }
}
