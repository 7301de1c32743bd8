/// The page `cardstack web` serves, from the files in `Page/` that SwiftPM embeds in the
/// binary (`.embedInCode` in Package.swift gives `PackageResources`), so an installed
/// `cardstack` (one file, no resource bundle) has its page.
///
/// The scripts are ES modules, each served as it is at `/js/NAME.js` (docs/architecture.md,
/// "The page"); page.html's import map gives every module's URL its token.
enum PageFiles {
    /// page.html, with its `__TOKEN__`, `__DAEMONS__`, `__REPLAY__` and `__IMPORTS__` marks.
    static let html = text(PackageResources.page_html)
    /// page.css, then reference.css.
    static let style = text(PackageResources.page_css, PackageResources.reference_css)
    /// The page's modules by file name; page.js is the one page.html loads.
    static let modules: [String: [UInt8]] = [
        "actions.js": PackageResources.actions_js,
        "clock.js": PackageResources.clock_js,
        "config.js": PackageResources.config_js,
        "connection.js": PackageResources.connection_js,
        "controls.js": PackageResources.controls_js,
        "corners.js": PackageResources.corners_js,
        "curves.js": PackageResources.curves_js,
        "device.js": PackageResources.device_js,
        "dom.js": PackageResources.dom_js,
        "editors.js": PackageResources.editors_js,
        "edits.js": PackageResources.edits_js,
        "fit.js": PackageResources.fit_js,
        "gestures.js": PackageResources.gestures_js,
        "gridpaint.js": PackageResources.gridpaint_js,
        "gridsprites.js": PackageResources.gridsprites_js,
        "homography.js": PackageResources.homography_js,
        "hook.js": PackageResources.hook_js,
        "lookpainter.js": PackageResources.lookpainter_js,
        "looks.js": PackageResources.looks_js,
        "motion.js": PackageResources.motion_js,
        "moves.js": PackageResources.moves_js,
        "page.js": PackageResources.page_js,
        "panel.js": PackageResources.panel_js,
        "reference.js": PackageResources.reference_js,
        "replay.js": PackageResources.replay_js,
        "replayplayer.js": PackageResources.replayplayer_js,
        "series.js": PackageResources.series_js,
        "springeditor.js": PackageResources.springeditor_js,
        "springs.js": PackageResources.springs_js,
        "stage.js": PackageResources.stage_js,
        "status.js": PackageResources.status_js,
        "trace.js": PackageResources.trace_js,
        "values.js": PackageResources.values_js,
        "variants.js": PackageResources.variants_js,
        "view.js": PackageResources.view_js,
    ]

    /// The path a module is served at.
    static func path(ofModule name: String) -> String { "/js/\(name)" }

    /// The module served at `path`, or nil when there is none: only the names above, so no
    /// path reaches a file of the machine.
    static func module(at path: Substring) -> [UInt8]? {
        guard path.hasPrefix("/js/") else { return nil }
        return modules[String(path.dropFirst("/js/".count))]
    }

    /// The import map page.html carries: each module's path mapped to itself with the run's
    /// token, which every request needs (a module's own imports are plain relative paths).
    static func importMap(token: String) -> String {
        let entries = modules.keys.sorted().map { name in
            "\"\(path(ofModule: name))\": \"\(path(ofModule: name))?token=\(token)\""
        }
        return "{\"imports\": {" + entries.joined(separator: ", ") + "}}"
    }

    /// `files` as one UTF-8 text, joined by newlines, without the final newline.
    private static func text(_ files: [UInt8]...) -> String {
        var bytes = Array(files.joined(separator: [UInt8(ascii: "\n")]))
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
