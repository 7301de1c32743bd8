import CardLayout

/// Composes the viewer's whole screen from its state: a banner row, the cards, and two
/// status lines; the help overlay on top when asked for.
///
/// ```
/// row 0        banner: config error / daemon gone / title (a long one wraps onto the
///              rows below, over the top of the cards)
/// rows 1…h-3   the cards, fitted to the area
/// row h-2      stack · spacing 30 · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.1 · cards 11
/// row h-1      rev 1 · offset 0.0 · front 0 · 60 fps · skipped 0 · FILE      ? help  q quit
/// ```
public struct ViewerScreen: Sendable {
    /// The smallest terminal the viewer draws in.
    public static let minimumSize = (columns: 20, rows: 8)

    /// Draws the cards.
    public var painter: FramePainter

    /// A screen composer for terminals with `mode`.
    public init(mode: ColorMode) { painter = FramePainter(mode: mode) }

    /// The screen for `state` at `now` on a `columns` x `rows` terminal.
    public func compose(_ state: ViewerState, columns: Int, rows: Int, now: Double) -> ScreenBuffer {
        var screen = ScreenBuffer(width: columns, height: rows)
        guard columns >= Self.minimumSize.columns, rows >= Self.minimumSize.rows else {
            let words = [
                "terminal too small", "(\(columns)x\(rows)): need",
                "at least \(Self.minimumSize.columns)x\(Self.minimumSize.rows)",
            ]
            for (i, line) in words.enumerated() where i < rows { screen.write(line, row: i, column: 0) }
            return screen
        }
        if let event = state.frame {
            painter.paint(event.frame, into: &screen, top: 1, left: 0, columns: columns, rows: rows - 3)
        }
        banner(state, into: &screen, maximumRows: rows - 2)
        let lines = state.statusFields(now: now)
        var params = state.status.spans(lines[0], now: now)
        var live = state.status.spans(lines[1], now: now)
        if let replay = state.replayStatus {
            live = [StatusSpan(replay), StatusSpan(StatusLine.separator)] + live
        }
        let hint = "? help  q quit"
        // The file's path gives way (from the left) to a notice, or to the key hint on a wide
        // enough screen.
        let notice =
            state.noticeLine(now: now).map { [StatusSpan(StatusLine.separator), StatusSpan($0, highlighted: true)] }
            ?? []
        let room =
            notice.isEmpty
            ? (columns >= 80 ? columns - hint.count - 2 : columns) : columns - StatusLine.text(notice).count
        Self.shortenLast(&live, toFit: max(room, 1))
        live += notice
        if !state.connected {
            params = [StatusSpan("daemon gone", highlighted: true)] + [StatusSpan(StatusLine.separator)] + params
        }
        write(params, into: &screen, row: rows - 2)
        write(live, into: &screen, row: rows - 1)
        if StatusLine.text(live).count + hint.count + 2 <= columns {
            screen.write(hint, row: rows - 1, column: columns - hint.count, attributes: .faint)
        }
        if state.showHelp { help(into: &screen) }
        return screen
    }

    /// The top row: why something is wrong, or the title. An alert longer than the screen is
    /// wide wraps onto up to `maximumRows` rows.
    func banner(_ state: ViewerState, into screen: inout ScreenBuffer, maximumRows: Int) {
        let alert: String?
        if !state.connected {
            alert = "daemon gone: reconnecting…"
        } else if let e = state.configError {
            let place = [e.path ?? "parameter file", e.line.map(String.init), e.column.map(String.init)]
                .compactMap { $0 }.joined(separator: ":")
            alert = "config error: \(place): \(e.message)"
        } else {
            alert = nil
        }
        guard let alert else {
            screen.write("cardstack view", row: 0, column: 0, attributes: .bold)
            return
        }
        for (row, line) in Self.wrap(alert, width: screen.width, maximumLines: maximumRows).enumerated() {
            let text = line + String(repeating: " ", count: max(screen.width - line.count, 0))
            if painter.mode == .monochrome {
                screen.write(text, row: row, column: 0, attributes: [.bold, .reverse])
            } else {
                screen.write(
                    text, row: row, column: 0, foreground: .rgb(CardColor(255, 255, 255)),
                    background: .rgb(CardColor(0xB0, 0x24, 0x24)), attributes: .bold)
            }
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces where it can be (a
    /// word longer than a line is cut across lines); at most `maximumLines` of them, the
    /// last ending in "…" when something is left out.
    public static func wrap(_ text: String, width: Int, maximumLines: Int) -> [String] {
        guard width > 0, maximumLines > 0 else { return [] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.count <= width {
                lines.append(String(rest))
                break
            }
            let window = rest.prefix(width + 1)
            if let space = window.lastIndex(of: " "), space > rest.startIndex {
                lines.append(String(rest[..<space]))
                rest = rest[rest.index(after: space)...]
            } else {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
        }
        if lines.count > maximumLines {
            lines.removeLast(lines.count - maximumLines)
            let last = lines[maximumLines - 1]
            lines[maximumLines - 1] = String(last.prefix(width - 1)) + "…"
        }
        return lines
    }

    /// Cuts the last span's text from the left ("…/dir/file.toml") so that the spans fit in
    /// `columns`, as far as it can while keeping its last character.
    static func shortenLast(_ spans: inout [StatusSpan], toFit columns: Int) {
        guard let last = spans.indices.last else { return }
        let excess = StatusLine.text(spans).count - columns
        guard excess > 0 else { return }
        let text = spans[last].text
        let keep = text.count - excess - 1
        spans[last].text = keep >= 1 ? "…" + String(text.suffix(keep)) : String(text.suffix(1))
    }

    func write(_ spans: [StatusSpan], into screen: inout ScreenBuffer, row: Int) {
        var column = 0
        for span in spans {
            screen.write(span.text, row: row, column: column, attributes: span.highlighted ? .reverse : [])
            column += span.text.count
        }
    }

    /// A framed box listing every key, centred.
    func help(into screen: inout ScreenBuffer) {
        help(into: &screen, title: "cardstack view: keys", entries: KeyMap.help)
    }

    /// A framed box listing `entries` under `title`, centred.
    public func help(into screen: inout ScreenBuffer, title: String, entries: [(keys: String, action: String)]) {
        let keysWidth = entries.map(\.keys.count).max() ?? 0
        var lines = [title, ""]
        lines += entries.map { $0.keys.padding(keysWidth) + "  " + $0.action }
        let inner = min((lines.map(\.count).max() ?? 0) + 2, screen.width - 2)
        let height = min(lines.count + 2, screen.height)
        let top = max((screen.height - height) / 2, 0)
        let left = max((screen.width - inner - 2) / 2, 0)
        for row in 0..<height {
            let body: String
            if row == 0 {
                body = "┌" + String(repeating: "─", count: inner) + "┐"
            } else if row == height - 1 {
                body = "└" + String(repeating: "─", count: inner) + "┘"
            } else {
                body = "│" + (" " + lines[row - 1]).padding(inner) + "│"
            }
            screen.write(body, row: top + row, column: left, attributes: row == 1 ? .bold : [])
        }
    }
}

extension String {
    /// `self` cut or padded with spaces to exactly `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}
