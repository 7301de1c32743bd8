#if canImport(UIKit)
    import Foundation
    import QuartzCore
    import UIKit

    /// Plays the daemon's move on the display (``LiveMotion``): a `CADisplayLink` asking for
    /// up to 120 Hz (`preferredFrameRateRange`; an iPhone also needs
    /// `CADisableMinimumFrameDurationOnPhone` in the Info.plist, docs/live.md) runs while a
    /// move runs and stops at rest; each tick draws the offset at the link's
    /// `targetTimestamp`, the instant the frame being prepared is shown.
    @MainActor
    public final class LiveDisplayLink: NSObject {
        /// The rates asked for, frames per second.
        public static let frameRates = CAFrameRateRange(minimum: 60, maximum: 120, preferred: 120)

        private var link: CADisplayLink?
        private var player: LiveMotion?
        private let draw: @MainActor (Double) -> Void
        /// When set, every frame the link draws is kept here (``LiveTrace``), to send back with
        /// ``LiveFollower/sendTrace(_:)``; nil (the default) keeps nothing.
        public var trace: LiveTrace?

        /// A link that calls `draw` with the daemon's offset on each tick.
        public init(draw: @escaping @MainActor (Double) -> Void) {
            self.draw = draw
        }

        /// Plays `player`'s move: the link starts when a move runs (and the clock is known)
        /// and stops otherwise.
        public func play(_ player: LiveMotion) {
            self.player = player
            guard player.motion != nil, player.clock != nil else { return stop() }
            guard link == nil else { return }
            let link = CADisplayLink(target: self, selector: #selector(tick(_:)))
            link.preferredFrameRateRange = Self.frameRates
            link.add(to: .main, forMode: .common)
            self.link = link
        }

        /// Stops the link (it holds this object until then).
        public func stop() {
            link?.invalidate()
            link = nil
        }

        @objc private func tick(_ link: CADisplayLink) {
            guard let player else { return stop() }
            let target = link.targetTimestamp
            let offset = player.offset(atTargetTimestamp: target)
            draw(offset)
            trace?.record(
                targetTimestamp: target, duration: target - link.timestamp, offset: offset, clock: player.clock)
            if !player.isMoving(atTargetTimestamp: target) { stop() }
        }
    }
#endif
