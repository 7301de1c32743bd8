#if canImport(UIKit)
    import UIKit

    extension GoldenRecording {
        /// Checks a `UICollectionViewLayout` against the golden: for every frame, `scroll`
        /// puts its collection view at the frame's offset (the app's own mapping of an offset
        /// to a `contentOffset`), the layout prepares, and its attributes — drawn in `zIndex`
        /// order, their `center` taken relative to the `contentOffset`, their `transform3D`
        /// about the centre — must put the cards where the recorded frame has them.
        ///
        /// - Parameters:
        ///   - layout: the layout, installed in a collection view with the deck's items.
        ///   - scroll: sets `layout.collectionView`'s `contentOffset` for an offset.
        @MainActor
        public func checkLayout(
            tolerance: Double = defaultTolerance, _ layout: UICollectionViewLayout, scroll: (Double) -> Void
        ) -> GoldenReport {
            checkLayout(tolerance: tolerance) { offset in
                scroll(offset)
                layout.prepare()
                let origin = layout.collectionView?.contentOffset ?? CGPoint(x: 0, y: 0)
                let everywhere = CGRect(
                    origin: CGPoint(x: -1e7, y: -1e7), size: CGSize(width: 2e7, height: 2e7))
                let attributes = (layout.layoutAttributesForElements(in: everywhere) ?? []).sorted {
                    $0.zIndex < $1.zIndex
                }
                return attributes.map { a in
                    let t = a.transform3D
                    let entries = [
                        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                        t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44,
                    ].map { Double($0) }
                    return GoldenCard(
                        item: a.indexPath.item, transform: entries, alpha: Double(a.alpha),
                        position: (Double(a.center.x - origin.x), Double(a.center.y - origin.y)),
                        size: (Double(a.size.width), Double(a.size.height)), anchor: (0.5, 0.5))
                }
            }
        }
    }
#endif
