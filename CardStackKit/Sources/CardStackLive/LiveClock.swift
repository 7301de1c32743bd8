/// The daemon's clock as seen from here: ``offset`` = daemon time − local time, estimated
/// from round trips the NTP way, and how far off it can be.
///
/// A round trip is a request sent at local `sent`, answered with the daemon's clock
/// `daemonTime` (`get_state`'s `uptime_s`, the clock frame events' `time` and `motion.start`
/// count), received at local `received`. The daemon read its clock somewhere between the
/// two, so the true offset lies in `[daemonTime − received, daemonTime − sent]`: the middle is
/// the estimate and half the round trip its bound, whatever the split between the way there
/// and the way back (symmetric delays make the middle exact; the bound holds either way).
/// Of the last ``window`` round trips the shortest is kept: it bounds the offset tightest.
public struct LiveClock: Sendable, Equatable {
    /// How many round trips a follower makes when a stream opens.
    public static let roundTrips = 5
    /// How many of the latest round trips the estimate chooses from.
    public static let window = 8
    /// The shortest pause between round trips after the first ones, seconds.
    public static let minimumInterval = 0.1

    /// Seconds to wait before the next round trip after `trips` on this stream: none until
    /// ``roundTrips`` are made, then `interval` (at least ``minimumInterval``).
    public static func pause(after trips: Int, interval: Double) -> Double {
        trips < roundTrips ? 0 : max(interval, minimumInterval)
    }

    /// The estimate, or nil before the first round trip.
    public private(set) var estimate: LiveClockEstimate?
    private var recent: [LiveClockEstimate] = []
    private var count = 0

    public init() {}

    /// Takes one round trip (local seconds `sent` and `received`, the daemon's `daemonTime`)
    /// and returns the estimate after it. A sample that cannot be one (not finite, received
    /// before sent) is ignored.
    @discardableResult
    public mutating func roundTrip(sent: Double, daemonTime: Double, received: Double) -> LiveClockEstimate? {
        guard sent.isFinite, daemonTime.isFinite, received.isFinite, received >= sent else { return estimate }
        count += 1
        let trip = received - sent
        let sample = LiveClockEstimate(
            offset: daemonTime - (sent + trip / 2), uncertainty: trip / 2, roundTrip: trip, samples: count)
        recent.append(sample)
        if recent.count > Self.window { recent.removeFirst(recent.count - Self.window) }
        var best = recent.min { $0.roundTrip < $1.roundTrip }!
        best.samples = count
        estimate = best
        return estimate
    }

    /// The daemon's clock at local time `local`, or nil before the first round trip.
    public func daemonTime(atLocal local: Double) -> Double? {
        estimate.map { local + $0.offset }
    }
}

/// What a follower knows of the daemon's clock (``LiveSnapshot/clock``).
public struct LiveClockEstimate: Sendable, Equatable {
    /// Daemon time − local time, seconds.
    public var offset: Double
    /// The true offset lies within ``offset`` ± this (half the round trip it came from),
    /// seconds, however the delays split between the two ways.
    public var uncertainty: Double
    /// The round trip the estimate came from, seconds.
    public var roundTrip: Double
    /// Round trips heard on this stream.
    public var samples: Int

    public init(offset: Double, uncertainty: Double, roundTrip: Double, samples: Int) {
        self.offset = offset
        self.uncertainty = uncertainty
        self.roundTrip = roundTrip
        self.samples = samples
    }
}
