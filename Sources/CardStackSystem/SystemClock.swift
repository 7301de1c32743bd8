#if canImport(Glibc)
    import Glibc
#endif

/// The system's clocks, read in one place.
public enum SystemClock {
    /// `CLOCK_MONOTONIC` in seconds: for intervals, never for dates.
    public static var monotonic: Double {
        let t = read(CLOCK_MONOTONIC)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// `CLOCK_MONOTONIC` in whole microseconds.
    public static var monotonicMicroseconds: UInt64 {
        let t = read(CLOCK_MONOTONIC)
        return UInt64(t.tv_sec) * 1_000_000 + UInt64(t.tv_nsec) / 1000
    }

    /// Wall-clock time, Unix seconds (for people: history entries, file dates).
    public static var wall: Double {
        let t = read(CLOCK_REALTIME)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func read(_ clock: clockid_t) -> timespec {
        var t = timespec()
        clock_gettime(clock, &t)
        return t
    }
}
