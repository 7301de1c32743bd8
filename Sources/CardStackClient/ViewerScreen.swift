/// Composes the viewer's whole screen from its state: a banner row, the cards, and two
/// status lines; the help overlay on top when asked for.
///
/// ```
/// row 0        banner: config error / daemon gone / title
/// rows 1…h-3   the cards, fitted to the area
/// row h-2      stack · spacing 30 · scale_step 0.1 · m34 -1/2000 · flip 1.0–1.1 · cards 11
/// row h-1      rev 1 · offset 0.0 · front 0 · 60 fps · skipped 0             ? help  q quit
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
            let words = ["terminal too small", "(\(columns)x\(rows)): need", "at least \(Self.minimumSize.columns)x\(Self.minimumSize.rows)"]
            for (i, line) in words.enumerated() where i < rows { screen.write(line, row: i, column: 0) }
            return screen
        }
        banner(state, into: &screen)
        if let event = state.frame {
            painter.paint(event.frame, into: &screen, top: 1, left: 0, columns: columns, rows: rows - 3)
        }
        let lines = state.statusFields(now: now)
        var params = state.status.spans(lines[0], now: now)
        var live = state.status.spans(lines[1], now: now)
        if let replay = state.replayStatus {
            live = [StatusSpan(replay), StatusSpan(StatusLine.separator)] + live
        }
        if let notice = state.activeNotice(now: now) {
            live.append(StatusSpan(StatusLine.separator))
            live.append(StatusSpan("error: \(notice)", highlighted: true))
        }
        if !state.connected { params = [StatusSpan("daemon gone", highlighted: true)] + [StatusSpan(StatusLine.separator)] + params }
        write(params, into: &screen, row: rows - 2)
        write(live, into: &screen, row: rows - 1)
        let hint = "? help  q quit"
        if StatusLine.text(live).count + hint.count + 2 <= columns {
            screen.write(hint, row: rows - 1, column: columns - hint.count, attributes: .faint)
        }
        if state.showHelp { help(into: &screen) }
        return screen
    }

    /// The top row: why something is wrong, or the title.
    func banner(_ state: ViewerState, into screen: inout ScreenBuffer) {
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
        let text = alert + String(repeating: " ", count: max(screen.width - alert.count, 0))
        if painter.mode == .monochrome {
            screen.write(text, row: 0, column: 0, attributes: [.bold, .reverse])
        } else {
            screen.write(text, row: 0, column: 0, foreground: .rgb(RGB(255, 255, 255)), background: .rgb(RGB(0xB0, 0x24, 0x24)), attributes: .bold)
        }
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
        let top = max((screen.height - height) / 2, 0), left = max((screen.width - inner - 2) / 2, 0)
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
