import CardStackRender

#if canImport(Glibc)
    import Glibc
#endif

extension GoldenPictures {
    /// Writes `side-by-side.gif` and `motion.svg` into `directory`, made when missing.
    func write(into directory: String, options: RenderOptions) throws {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw RenderError("cannot make \(directory): \(String(cString: strerror(errno)))")
        }
        try writeGIF(to: "\(directory)/side-by-side.gif", options: options)
        try writeSVG(plot(), to: "\(directory)/motion.svg")
    }
}
