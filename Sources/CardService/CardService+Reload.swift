import Cards

extension CardService {
    /// Serves `catalog` from the next lookup on: a request sees the old templates and palettes
    /// or the new ones, never a mix of one catalog's half. Cards of the old catalog stay in
    /// the PNG cache under their own keys (a key names the template's and palette's
    /// versions), so nothing stale is served for a changed file.
    public func replaceCatalog(_ catalog: Catalog) {
        currentCatalog.withLock { $0 = catalog }
    }
}
