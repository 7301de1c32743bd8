import Foundation

#if canImport(QuartzCore)
    import QuartzCore
#endif

extension LiveFollower {
    /// The default local clock: the display link's timebase where there is one.
    public static let systemClock: @Sendable () -> Double = {
        #if canImport(QuartzCore)
            CACurrentMediaTime()
        #else
            ProcessInfo.processInfo.systemUptime
        #endif
    }

    /// Estimates the daemon's clock while a stream runs: ``LiveClock/roundTrips`` round trips
    /// at once, then one every ``Options/clockInterval`` seconds, until cancelled.
    func keepClock() async {
        var trips = 0
        while !Task.isCancelled {
            await measureClock()
            trips += 1
            let pause = LiveClock.pause(after: trips, interval: options.clockInterval)
            if pause > 0 { try? await Task.sleep(nanoseconds: UInt64(pause * 1e9)) }
        }
    }

    /// One `get_state` round trip, timed with ``Options/now``; a failed one is skipped (the
    /// stream reports its own errors).
    func measureClock() async {
        let sent = options.now()
        guard let reply = try? await send(.getState), !Task.isCancelled else { return }
        let received = options.now()
        guard case .object(let state) = reply else { return }
        let daemonTime: Double
        switch state["uptime_s"] {
        case .number(let value): daemonTime = value
        case .integer(let value): daemonTime = Double(value)
        default: return
        }
        track { $0.roundTrip(sent: sent, daemonTime: daemonTime, received: received) }
    }
}
