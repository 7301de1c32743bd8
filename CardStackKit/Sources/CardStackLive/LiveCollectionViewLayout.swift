#if canImport(UIKit)
    import CardLayout
    import Foundation
    import UIKit

    /// A collection view layout that follows the daemon: each parameter set it puts in force
    /// (``LiveSnapshot/parameters``) is applied and the layout invalidated on the main thread;
    /// item `k` is placed as `CardLayout` places card `k` at the collection view's offset.
    ///
    /// With `mirror` on, the phone's own scrolling is reported to the daemon as `scroll_to`
    /// (throttled by ``ScrollThrottle``), so the terminal viewer and the page follow the phone;
    /// without it, the daemon's offset (`cardstack next` from a script) scrolls the phone.
    ///
    /// ```swift
    /// let layout = LiveCollectionViewLayout(follower: follower, mirror: true)
    /// let view = UICollectionView(frame: .zero, collectionViewLayout: layout)
    /// ```
    @MainActor
    open class LiveCollectionViewLayout: UICollectionViewLayout {
        public let follower: LiveFollower
        public var mirror: Bool
        /// The parameter set in force (the app's defaults until the daemon's first arrives).
        public private(set) var parameters: Parameters
        private var offset = 0.0
        private var attributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        private var throttle = ScrollThrottle()
        private var listener: Task<Void, Never>?
        private var link: LiveDisplayLink?
        /// Follows the phone's Reduce Motion setting (``LiveReduceMotion``).
        private var reduceMotion: LiveReduceMotion?

        public init(follower: LiveFollower, mirror: Bool = false, parameters: Parameters = Parameters()) {
            self.follower = follower
            self.mirror = mirror
            self.parameters = parameters
            super.init()
            link = LiveDisplayLink { [weak self] offset in self?.show(offset) }
            reduceMotion = LiveReduceMotion(follower: follower)
            listener = Task { @MainActor [weak self] in
                for await update in follower.updates {
                    guard case .changed(let snapshot, let change) = update else { continue }
                    self?.apply(snapshot, change)
                }
            }
            follower.start()
        }

        public required init?(coder: NSCoder) {
            fatalError("LiveCollectionViewLayout is created in code, with a follower")
        }

        deinit {
            listener?.cancel()
        }

        /// Applies a snapshot: new parameters always, the daemon's offset unless mirroring;
        /// while the daemon's move runs, the display link plays it (``LiveDisplayLink``).
        open func apply(_ snapshot: LiveSnapshot, _ change: LiveChange) {
            parameters = snapshot.layoutParameters
            throttle.heard(snapshot.offset)
            if !mirror {
                link?.play(snapshot.motionPlayer)
                if change.contains(.offset) { show(snapshot.offset) }
            }
            invalidateLayout()
        }

        /// Scrolls to the daemon's `offset` (the display link's ticks, each state change).
        private func show(_ offset: Double) {
            guard let view = collectionView else { return }
            self.offset = offset
            view.setContentOffset(CGPoint(x: view.contentOffset.x, y: CGFloat(offset)), animated: false)
        }

        open override var collectionViewContentSize: CGSize {
            let width = collectionView?.bounds.width ?? CGFloat(parameters.viewport.width)
            let height = CGFloat(Layout.period(parameters)) + (collectionView?.bounds.height ?? 0)
            return CGSize(width: width, height: height)
        }

        open override func prepare() {
            super.prepare()
            offset = Double(collectionView?.contentOffset.y ?? 0)
            attributes = [:]
            let frame = Layout.frame(parameters, offset: offset, pastEdges: true)
            let items = collectionView?.numberOfItems(inSection: 0) ?? 0
            let top = collectionView?.contentOffset ?? .zero
            for card in frame.cards where card.item < items {
                let path = IndexPath(item: card.item, section: 0)
                let a = UICollectionViewLayoutAttributes(forCellWith: path)
                a.size = CGSize(width: card.size.width, height: card.size.height)
                a.center = CGPoint(x: top.x + card.position.x, y: top.y + card.position.y)
                // UIKit turns a cell about its centre, CardLayout about the card's anchor:
                // the transform is taken from the anchor to the centre (row vectors: T(d) · M).
                var m = card.transform.entries.map { CGFloat($0) }
                let dx = CGFloat((0.5 - card.anchor.x) * card.size.width)
                let dy = CGFloat((0.5 - card.anchor.y) * card.size.height)
                for column in 0..<4 { m[12 + column] += dx * m[column] + dy * m[4 + column] }
                a.transform3D = CATransform3D(
                    m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                    m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
                a.alpha = CGFloat(card.alpha)
                a.zIndex = card.z
                attributes[path] = a
            }
            if mirror { report(throttle.offer(offset, now: CACurrentMediaTime())) }
        }

        /// Sends `offset` as `scroll_to`; a held one goes once the throttle's interval passed.
        private func report(_ offset: Double?) {
            if let offset {
                let follower = self.follower
                Task { try? await follower.send(.scrollTo(offset: offset)) }
            } else if throttle.held != nil {
                let wait = UInt64(throttle.interval * 1e9)
                Task { @MainActor [weak self] in
                    try? await Task.sleep(nanoseconds: wait)
                    guard let self else { return }
                    self.report(self.throttle.due(now: CACurrentMediaTime()))
                }
            }
        }

        open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            Array(attributes.values)
        }

        open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            attributes[indexPath]
        }

        open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
    }
#endif
