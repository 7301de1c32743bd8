/// The page `cardstack web` serves, from the files in `Page/` that SwiftPM embeds in the
/// binary (`.embedInCode` in Package.swift gives `PackageResources`), so an installed
/// `cardstack` (one file, no resource bundle) has its page.
///
/// Each asset is its files' text joined by a newline, without the last file's final
/// newline: the bytes the page has always been served as.
enum PageFiles {
    /// page.html, with its `__TOKEN__`, `__DAEMONS__` and `__REPLAY__` marks.
    static let html = text(PackageResources.page_html)
    /// page.css, then reference.css.
    static let style = text(PackageResources.page_css, PackageResources.reference_css)
    /// The scripts, served as one page.js, in this order: the panel's parts (the motion graph,
    /// then the device trace over it), View (one daemon's connection, stage and panel) and its
    /// methods by what they do, replay, the reference panel, the variants grid's painter, its
    /// sprites and the grid, then page.js, which starts the page.
    static let script = text(
        PackageResources.controls_js, PackageResources.actions_js, PackageResources.series_js,
        PackageResources.motion_js, PackageResources.trace_js, PackageResources.editors_js, PackageResources.spring_js,
        PackageResources.view_js, PackageResources.connection_js, PackageResources.stage_js,
        PackageResources.look_js, PackageResources.panel_js, PackageResources.replay_js,
        PackageResources.reference_js, PackageResources.fit_js, PackageResources.corners_js,
        PackageResources.gridpaint_js, PackageResources.gridsprites_js,
        PackageResources.variants_js,
        PackageResources.page_js)

    /// `files` as one UTF-8 text, joined by newlines, without the final newline.
    private static func text(_ files: [UInt8]...) -> String {
        var bytes = Array(files.joined(separator: [UInt8(ascii: "\n")]))
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
