#if canImport(SwiftUI)
    import CardLayout
    import Foundation
    import Observation
    import SwiftUI

    /// An observable model of the daemon for SwiftUI: the parameter set in force
    /// (``parameters``), the offset and the cards `CardLayout` computes, updated on the main
    /// actor as the daemon changes; ``scroll(to:)`` mirrors the app's own scrolling back
    /// (throttled `scroll_to`), and the commands go through ``follower``.
    ///
    /// ```swift
    /// @State var live = LiveModel(follower: try! LiveFollower(url: url))
    /// ForEach(live.cards, id: \.item) { card in CardView(card) }
    /// ```
    @MainActor
    @Observable
    public final class LiveModel {
        public let follower: LiveFollower
        /// The parameter set in force, with the deck's size.
        public private(set) var parameters: Parameters
        public private(set) var offset = 0.0
        public private(set) var revision = 0
        /// `Layout.frame(parameters, offset:)`'s cards, back to front.
        public private(set) var cards: [CardPlacement] = []
        /// The last error or notice, for a debug overlay.
        public private(set) var status: String?
        @ObservationIgnored private var throttle = ScrollThrottle()
        @ObservationIgnored private var listener: Task<Void, Never>?
        #if canImport(UIKit)
            @ObservationIgnored private var link: LiveDisplayLink?
            /// Follows the phone's Reduce Motion setting (``LiveReduceMotion``).
            @ObservationIgnored private var reduceMotion: LiveReduceMotion?
        #endif

        public init(follower: LiveFollower, parameters: Parameters = Parameters()) {
            self.follower = follower
            self.parameters = parameters
            cards = Layout.frame(parameters, offset: 0).cards
            listener = Task { @MainActor [weak self] in
                for await update in follower.updates { self?.apply(update) }
            }
            #if canImport(UIKit)
                link = LiveDisplayLink { [weak self] offset in self?.show(offset) }
                reduceMotion = LiveReduceMotion(follower: follower)
            #endif
            follower.start()
        }

        public func apply(_ update: LiveUpdate) {
            switch update {
            case .changed(let snapshot, _):
                parameters = snapshot.layoutParameters
                offset = snapshot.offset
                revision = snapshot.revision
                throttle.heard(snapshot.offset)
                cards = Layout.frame(parameters, offset: offset, pastEdges: true).cards
                status = nil
                #if canImport(UIKit)
                    // The daemon's move, played at the display's rate while it runs.
                    link?.play(snapshot.motionPlayer)
                #endif
            case .configError(let text), .notice(let text): status = text
            case .error(let error): status = error.description
            case .connected: status = nil
            }
        }

        /// Shows the daemon's `offset` (a display link's tick).
        private func show(_ offset: Double) {
            self.offset = offset
            cards = Layout.frame(parameters, offset: offset, pastEdges: true).cards
        }

        /// The app scrolled to `offset` (points): laid out at once, reported to the daemon
        /// at most 30 times a second.
        public func scroll(to offset: Double, now: Double = Date.timeIntervalSinceReferenceDate) {
            #if canImport(UIKit)
                link?.stop()
            #endif
            self.offset = offset
            cards = Layout.frame(parameters, offset: offset, pastEdges: true).cards
            report(throttle.offer(offset, now: now))
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
                    self.report(self.throttle.due(now: Date.timeIntervalSinceReferenceDate))
                }
            }
        }
    }
#endif
