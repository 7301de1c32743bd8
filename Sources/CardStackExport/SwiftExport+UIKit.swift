import CardLayout

extension SwiftExport {
    /// The UICollectionViewLayout for the styles a collection view shows (stack, flip,
    /// zoom_flow, switcher7). A wrapping deck repeats its content `turns` times and starts in
    /// the middle turn, so it scrolls on seamlessly either way (the layout wraps the offset).
    static func collectionViewAdapter(_ p: Parameters, vertical: Bool) -> String {
        let curveIsExact = p.animation.curve != .decelerate || p.animation.spring != nil
        let scrollBody =
            (curveIsExact
            ? [
                "let end = Self.scrollsVertically",
                "    ? CGPoint(x: view.contentOffset.x, y: CGFloat(to)) : CGPoint(x: CGFloat(to), y: view.contentOffset.y)",
                "// Reduce Motion on: the reduced variant's timing.",
                "let animator = TunedLayout.reduceMotion",
                "    ? TunedReducedLayout.propertyAnimator(from: from, to: to) : TunedLayout.propertyAnimator(from: from, to: to)",
                "animator.addAnimations { view.contentOffset = end }",
                "animator.startAnimation()",
                "return animator",
            ]
            : [
                "#if canImport(ObjectiveC)",
                "_ = from",
                "let animator = TunedMoveAnimator(view: view, to: to, vertical: Self.scrollsVertically)",
                "animator.start()",
                "return animator",
                "#else",
                "_ = (from, to)",
                "return nil",
                "#endif",
            ]).map { $0.hasPrefix("#") ? $0 : "        " + $0 }.joined(separator: "\n")
        return """

            #if canImport(UIKit)
            import UIKit

            /// The layout as a UICollectionViewLayout: one section, item k is card k. The
            /// collection view scrolls \(vertical ? "vertically" : "horizontally"), one card per `TunedLayout.spacing`
            /// points, and comes to rest on a card. Frames are in viewport points: make the
            /// collection view `TunedLayout.viewport` in size (or tune the viewport to it).
            /// Wrapping (`TunedLayout.wraps`): a collection view has an end, so a wrapping deck's
            /// content repeats the deck `turns` times (\(p.layout.cards) cards each) and the view
            /// starts in the middle turn; the cards at any contentOffset are `cards(offset:)` there,
            /// so the deck scrolls on seamlessly past the last card. \(p.layout.wrap ? "Only after `turns / 2` whole turns one way does it stop." : "This deck does not wrap: the content covers it once.")
            open class TunedCollectionViewLayout: UICollectionViewLayout {
                nonisolated public static let scrollsVertically = \(vertical)
                /// Copies of the deck the content holds: many when the deck wraps, else one.
                nonisolated public static let turns = \(p.layout.wrap ? 1001 : 1)
                private var attributes: [UICollectionViewLayoutAttributes] = []
                private var centred = false
                /// Invalidates the layout when Reduce Motion is turned on or off.
                private var reduceMotionObserver: TunedReduceMotionObserver?

                /// The scroll length of the content, in points.
                nonisolated public static var contentLength: Double {
                    TunedLayout.wraps
                        ? Double(turns) * Double(TunedLayout.itemCount) * TunedLayout.spacing
                        : Double(max(TunedLayout.itemCount - 1, 0)) * TunedLayout.spacing
                }

                /// Where the middle turn starts: the wrapping deck's first resting offset.
                nonisolated public static var middle: Double {
                    TunedLayout.wraps ? Double(turns / 2) * Double(TunedLayout.itemCount) * TunedLayout.spacing : 0
                }

                open override var collectionViewContentSize: CGSize {
                    guard let view = collectionView else { return .zero }
                    let length = CGFloat(Self.contentLength)
                    return Self.scrollsVertically
                        ? CGSize(width: view.bounds.width, height: view.bounds.height + length)
                        : CGSize(width: view.bounds.width + length, height: view.bounds.height)
                }

                open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

                open override func prepare() {
                    super.prepare()
                    if reduceMotionObserver == nil {
                        reduceMotionObserver = TunedLayout.observeReduceMotion { [weak self] _ in self?.invalidateLayout() }
                    }
                    guard let view = collectionView else {
                        attributes = []
                        return
                    }
                    if TunedLayout.wraps, !centred {
                        // Once, before the first layout: into the middle turn, same card in front.
                        centred = true
                        let start = CGFloat(Self.middle)
                        view.contentOffset = Self.scrollsVertically
                            ? CGPoint(x: view.contentOffset.x, y: view.contentOffset.y + start)
                            : CGPoint(x: view.contentOffset.x + start, y: view.contentOffset.y)
                    }
                    let origin = view.contentOffset
                    let offset = Double(Self.scrollsVertically ? origin.y : origin.x)
                    let count = view.numberOfSections > 0 ? view.numberOfItems(inSection: 0) : 0
                    var seen = Set<Int>()
                    var frontToBack: [UICollectionViewLayoutAttributes] = []
                    // Front to back, so an item shown twice keeps its nearer copy.
                    // Reduce Motion on: the reduced variant's cards (`TunedReducedLayout`).
                    for card in TunedLayout.cards(offset: offset, reduceMotion: TunedLayout.reduceMotion).reversed()
                    where card.item < count && seen.insert(card.item).inserted {
                        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: card.item, section: 0))
                        a.size = CGSize(width: card.size.width, height: card.size.height)
                        let center = card.center
                        a.center = CGPoint(x: CGFloat(center.x) + origin.x, y: CGFloat(center.y) + origin.y)
                        a.transform3D = CATransform3D(tuned: card.centeredTransform)
                        a.alpha = CGFloat(card.alpha)
                        a.zIndex = card.zIndex
                        frontToBack.append(a)
                    }
                    attributes = frontToBack.reversed()
                }

                open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    attributes
                }

                open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                    attributes.first { $0.indexPath == indexPath }
                }

                /// Snap: the scroll ends on a card, where the daemon's fling would.
                open override func targetContentOffset(
                    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
                ) -> CGPoint {
                    guard let view = collectionView else { return proposedContentOffset }
                    let current = Double(Self.scrollsVertically ? view.contentOffset.y : view.contentOffset.x)
                    // UIKit's velocity is in points per millisecond.
                    let speed = Double(Self.scrollsVertically ? velocity.y : velocity.x) * 1000
                    let proposed = Double(Self.scrollsVertically ? proposedContentOffset.y : proposedContentOffset.x)
                    let reduced = TunedLayout.reduceMotion
                    var end = speed == 0 ? TunedLayout.restingOffset(from: proposed, velocity: 0, reduceMotion: reduced)
                        : TunedLayout.restingOffset(from: current, velocity: speed, reduceMotion: reduced)
                    end = min(max(end, 0), Self.contentLength)
                    return Self.scrollsVertically
                        ? CGPoint(x: proposedContentOffset.x, y: CGFloat(end))
                        : CGPoint(x: CGFloat(end), y: proposedContentOffset.y)
                }

                /// The contentOffset that puts `item` in front: the copy nearest to the view's offset.
                public func contentOffset(forItem item: Int) -> Double {
                    guard let view = collectionView else { return 0 }
                    let current = Double(Self.scrollsVertically ? view.contentOffset.y : view.contentOffset.x)
                    let target = Double(item) * TunedLayout.spacing
                    guard TunedLayout.wraps else { return target }
                    let period = Double(TunedLayout.itemCount) * TunedLayout.spacing
                    let turn = ((current - target) / period).rounded()
                    return min(max(target + turn * period, 0), Self.contentLength)
                }

                /// Animates the collection view's contentOffset to `item` as the daemon animates
                /// `scroll_to`: \(curveIsExact ? "with `TunedLayout.propertyAnimator` (the tuned timing)" : "frame by frame with `TunedMoveAnimator` (the exact `decelerate` curve)"). Returns the animator (keep it to stop it).
                @MainActor @discardableResult
                public func scroll(toItem item: Int) -> AnyObject? {
                    guard let view = collectionView else { return nil }
                    let from = Double(Self.scrollsVertically ? view.contentOffset.y : view.contentOffset.x)
                    let to = contentOffset(forItem: item)
            \(scrollBody)
                }
            }

            \(transformExtension)
            #endif

            """
    }

    static let transformExtension = """
        extension CATransform3D {
            /// A Core Animation transform from 16 numbers, m11...m44 row by row.
            fileprivate init(tuned m: [Double]) {
                self.init(
                    m11: CGFloat(m[0]), m12: CGFloat(m[1]), m13: CGFloat(m[2]), m14: CGFloat(m[3]),
                    m21: CGFloat(m[4]), m22: CGFloat(m[5]), m23: CGFloat(m[6]), m24: CGFloat(m[7]),
                    m31: CGFloat(m[8]), m32: CGFloat(m[9]), m33: CGFloat(m[10]), m34: CGFloat(m[11]),
                    m41: CGFloat(m[12]), m42: CGFloat(m[13]), m43: CGFloat(m[14]), m44: CGFloat(m[15]))
            }
        }
        """
}
