#if canImport(Glibc)
    import Glibc
#endif

/// What one render may take (docs/render.md, Bounds): a picture of at most
/// ``maximumSide`` pixels a side and ``maximumPixels`` in all, at most
/// ``RenderTimeline/maximumFrames`` frames, and a time limit, past which it stops with an
/// error and leaves nothing behind. The GIF's two passes keep ffmpeg's memory to a few
/// frames whatever the length.
public enum RenderBudget {
    public static let maximumSide = 8192
    /// 4096 x 4096: 64 MiB a frame as B, G, R, A.
    public static let maximumPixels = 4096 * 4096
    /// `cardstack render`'s time limit unless `--time-limit` says otherwise, seconds.
    public static let commandTimeLimit = 600.0
    /// The time limit of the bridge's `POST /render`, whose one render thread others wait for.
    public static let bridgeTimeLimit = 120.0
    /// The largest file the bridge answers with (it holds the file in memory to send it).
    public static let bridgeMaximumBytes = 256 << 20

    /// Why a `width` x `height` picture is too large, or nil.
    static func pictureProblem(width: Int, height: Int) -> String? {
        guard width > maximumSide || height > maximumSide || width * height > maximumPixels else { return nil }
        return "a picture of \(width) x \(height) pixels is larger than a render may be (at most \(maximumSide) "
            + "a side and \(maximumPixels) pixels, 4096 x 4096, in all): choose a smaller --scale or --size"
    }
}

/// The monotonic clock renders are timed by, seconds.
public enum RenderClock {
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

extension RenderError {
    /// The render ran past its time limit (``RenderBudget``).
    static var overBudget: RenderError {
        var error = RenderError("the render ran past its time limit")
        error.overBudget = true
        return error
    }
}

/// Where renders keep their scratch files: `$TMPDIR` when set, else /tmp.
enum ScratchDirectory {
    static var path: String {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        let path = String(cString: value)
        return path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    }
}
