#if canImport(Glibc)
    import Glibc
#endif

/// Writes an animation whose frames are drawn on demand into a file, as
/// ``RecordingRenderer`` does: a hidden file beside `path` renamed over it at the end (the
/// file appears whole or not at all), GIF's palette pass first, the time limit and the size
/// limit of `options`.
public enum AnimationFile {
    /// Writes `count` frames of `width` x `height` at `fps`; `send(k, encoder)` draws frame
    /// `k` and writes its pixels. Returns the file's size in bytes.
    public static func write(
        count: Int, width: Int, height: Int, fps: Int, options: RenderOptions, to path: String, deadline: Double,
        send: (Int, FFmpegEncoder) throws(RenderError) -> Void
    ) throws(RenderError) -> Int {
        if let why = RenderBudget.pictureProblem(width: width, height: height) { throw RenderError(why) }
        let temporary = try RecordingRenderer.reserve(beside: path, format: options.format)
        var done = false
        defer { if !done { unlink(temporary) } }
        func pass(into encoder: FFmpegEncoder) throws(RenderError) {
            for k in 0..<count {
                try send(k, encoder)
                if RenderClock.now() > deadline { throw RenderError.overBudget }
            }
            try encoder.finish(by: deadline)
        }
        do throws(RenderError) {
            var palette: [UInt8]?
            if options.format == .gif {
                let scan = try FFmpegEncoder.palette(width: width, height: height, fps: fps)
                try pass(into: scan)
                palette = scan.result()
                guard palette?.count == FFmpegEncoder.paletteBytes else {
                    throw RenderError("ffmpeg made no palette (\(palette?.count ?? 0) bytes)")
                }
            }
            let encoder = try FFmpegEncoder(
                format: options.format, width: width, height: height, fps: fps, path: temporary, palette: palette,
                maximumBytes: options.maximumBytes)
            try pass(into: encoder)
        } catch {
            guard error.overBudget else { throw error }
            throw RenderError(
                "the render took more than its time limit of \(MotionPlot.number(options.timeLimit)) s (\(count) frames of \(width) x \(height)) and was stopped: render a part with --from and --to, a lower --fps or a smaller --scale or --size"
            )
        }
        var info = stat()
        stat(temporary, &info)
        if let limit = options.maximumBytes, Int(info.st_size) >= limit {
            throw RenderError(
                "the \(options.format.rawValue) file would be over \(limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes") (\(count) frames of \(width) x \(height)): render a part with --from and --to, or a lower --fps"
            )
        }
        guard rename(temporary, path) == 0 else {
            throw RenderError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        done = true
        return Int(info.st_size)
    }
}
