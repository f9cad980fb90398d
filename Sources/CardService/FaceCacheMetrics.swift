import Faces

/// The face cache's lines of `/metrics`, in the Prometheus text format: lookups that reused
/// faces found before, lookups that ran a detection, and photos held.
enum FaceCacheMetrics {
    static func exposition(_ statistics: FaceCache.Statistics?) -> String {
        let s = statistics ?? FaceCache.Statistics(hits: 0, misses: 0, entries: 0, capacity: 0)
        return """
            # HELP sharecard_face_cache_hits_total Photo cards whose faces came from the face cache.
            # TYPE sharecard_face_cache_hits_total counter
            sharecard_face_cache_hits_total \(s.hits)
            # HELP sharecard_face_cache_misses_total Photo cards that ran a face detection.
            # TYPE sharecard_face_cache_misses_total counter
            sharecard_face_cache_misses_total \(s.misses)
            # HELP sharecard_face_cache_entries Photos whose faces the face cache holds.
            # TYPE sharecard_face_cache_entries gauge
            sharecard_face_cache_entries \(s.entries)

            """
    }
}
