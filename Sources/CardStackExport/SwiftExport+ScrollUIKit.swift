import CardLayout

extension SwiftExport {
    /// For the collection-view styles: the scroll view's physics (`decelerationRate`,
    /// `bounces`, `isPagingEnabled`) and a delegate whose `scrollViewWillEndDragging` puts the
    /// throw's target where the daemon's `drag` `ended` puts it.
    static func scrollViewAdapter(_ p: Parameters) -> String {
        """

        #if canImport(UIKit)
        import UIKit

        extension TunedCollectionViewLayout {
            /// Gives `view` the tuned scroll physics: UIScrollView's `decelerationRate` and
            /// `bounces`, and `isPagingEnabled` when the view's pages are the cards (UIScrollView
            /// pages by its bounds; otherwise `ScrollDelegate`'s target goes one card per throw).
            @MainActor public static func configureScrolling(_ view: UIScrollView) {
                view.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(TunedLayout.parameters.animation.deceleration))
                view.bounces = TunedLayout.bounces
                let page = Self.scrollsVertically ? view.bounds.height : view.bounds.width
                view.isPagingEnabled = TunedLayout.isPagingEnabled && Double(page) == TunedLayout.spacing
            }

            /// The scroll view's delegate for a throw (set it as the collection view's delegate,
            /// or call `scrollViewWillEndDragging` from yours): the throw comes to rest where the
            /// daemon's would, `TunedLayout.releaseTarget(from:velocity:)`, kept in the content.
            open class ScrollDelegate: NSObject, UIScrollViewDelegate {
                open func scrollViewWillEndDragging(
                    _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
                ) {
                    let vertical = TunedCollectionViewLayout.scrollsVertically
                    let offset = Double(vertical ? scrollView.contentOffset.y : scrollView.contentOffset.x)
                    // UIKit's velocity is in points per millisecond.
                    let speed = Double(vertical ? velocity.y : velocity.x) * 1000
                    let end = min(max(TunedLayout.releaseTarget(from: offset, velocity: speed), 0), TunedCollectionViewLayout.contentLength)
                    targetContentOffset.pointee = vertical
                        ? CGPoint(x: targetContentOffset.pointee.x, y: CGFloat(end))
                        : CGPoint(x: CGFloat(end), y: targetContentOffset.pointee.y)
                }
            }
        }
        #endif

        """
    }

    /// For the iCarousel styles: iCarousel's scroll settings, set by the delegate's `configure`.
    /// iCarousel divides the release velocity by its item width, cardstack's model by
    /// `spacing`: `scrollSpeed` is scaled by `itemWidth / spacing` so both throw as far.
    static func carouselScrolling(_ p: Parameters) -> String {
        let width = (p.carousel.vertical ?? false) ? p.card.height : p.card.width
        let speed = p.scroll.scrollSpeed * width / p.layout.spacing
        return """

            #if canImport(UIKit) && canImport(iCarousel)
            import iCarousel

            extension TunedCarouselDelegate {
                /// iCarousel's scroll settings for the tuned physics (`configure` calls it):
                /// `bounces`, `bounceDistance`, `decelerationRate`, `scrollSpeed` (the file's
                /// \(literal(p.scroll.scrollSpeed)) times item width / spacing, as iCarousel divides the velocity by its item
                /// width and cardstack by `spacing`), `stopAtItemBoundary`, `scrollToItemBoundary`,
                /// `isPagingEnabled`.
                public func configureScrolling(_ carousel: iCarousel) {
                    carousel.bounces = TunedLayout.bounces
                    carousel.bounceDistance = CGFloat(TunedLayout.parameters.scroll.bounceDistance)
                    carousel.decelerationRate = CGFloat(TunedLayout.parameters.scroll.decelerationRate)
                    carousel.scrollSpeed = CGFloat(\(literal(speed)))
                    carousel.stopAtItemBoundary = TunedLayout.parameters.scroll.stopAtItemBoundary
                    carousel.scrollToItemBoundary = TunedLayout.parameters.scroll.scrollToItemBoundary
                    carousel.isPagingEnabled = TunedLayout.isPagingEnabled
                }
            }
            #endif

            """
    }
}
