import CardLayout
import CardStackParams
import CardStackProtocol

/// One client's grid of variants (`set_variants`): each cell a session of its own set (the
/// values in force with the cell's overlay merged in), driven by the same commands and
/// ticks as the daemon's, at the same times (docs/protocol.md, "Variants").
///
/// A cell is a whole ``Session``: its frames are the daemon's own for that set, by the same
/// code, so nothing about a transition is computed twice in two ways.
struct VariantGrid: Sendable {
    struct Cell: Sendable {
        var overlay: JSONValue
        var node: ParamNode
        var session: Session
    }

    var columns: Int
    var cells: [Cell]

    /// The one client each cell's session knows, which every mirrored command comes from.
    static let driver: ClientID = 1

    /// Whether any cell has a move (or an easing) that wants ticks.
    var moving: Bool { cells.contains { $0.session.tickDue != nil } }
}

extension Session {
    /// Whether `client` has a grid: its frame events carry `variants` and are its own.
    public func hasGrid(_ client: ClientID) -> Bool { grids[client] != nil }

    /// Whether any grid's cell wants ticks.
    var gridsMoving: Bool { grids.values.contains { $0.moving } }

    /// The frame in force as `client` is sent it: with every cell's newest frame when it has
    /// a grid.
    public func frameEvent(for client: ClientID) -> FrameEvent {
        var event = frameEvent
        if let grid = grids[client] {
            event.variants = grid.cells.enumerated().map { i, cell in
                let s = cell.session
                return VariantFrame(cell: i, seq: s.seq, time: s.frameTime, frame: s.frame, motion: s.frameMove)
            }
        }
        return event
    }

    /// `client`'s grid's sets, for the reply and the `variants` event.
    public func variantsInfo(of client: ClientID) -> VariantsInfo {
        guard let grid = grids[client] else { return VariantsInfo(revision: revision, columns: 0, cells: []) }
        let cells = grid.cells.enumerated().map { i, cell in
            VariantCellInfo(cell: i, overlay: cell.overlay, params: cell.session.parameters)
        }
        return VariantsInfo(revision: revision, columns: grid.columns, cells: cells)
    }

    /// `set_variants`: puts `client`'s grid in place (or clears it), every cell standing
    /// where the daemon's scroll stands now. A cell whose set does not resolve refuses the
    /// whole request, naming the cell.
    mutating func setVariants(_ request: VariantsRequest, for client: ClientID, at now: Double) throws(WireError)
        -> CommandResult
    {
        guard request.cells.count <= VariantsRequest.maximumCells else {
            throw WireError(.invalidArgument, "set_variants: at most \(VariantsRequest.maximumCells) cells")
        }
        var cells: [VariantGrid.Cell] = []
        for (i, overlay) in request.cells.enumerated() {
            let node = ParamNode(json: overlay)
            let resolved: Resolved
            do throws(ParamsError) {
                resolved = try ParamsSchema.resolve(ParamsSchema.merging(inForceTree, node))
            } catch {
                throw WireError(.invalidArgument, "set_variants: cell \(i): \(error.message)")
            }
            let tree = ParamsSchema.merging(inForceTree, node)
            var session = Session(version: version, path: nil, initial: .loaded(tree: tree, resolved: resolved))
            _ = session.join()
            _ = session.apply(.scrollTo(offset: offset, animated: false), from: VariantGrid.driver, at: now)
            cells.append(VariantGrid.Cell(overlay: overlay, node: node, session: session))
        }
        grids[client] = cells.isEmpty ? nil : VariantGrid(columns: request.columns, cells: cells)
        // The frame fan-out looks again: this client's frames are its own now (or no more).
        subscriptionsVersion += 1
        if subscriptions(of: client).contains(.frame) { emit(.sendFrame(to: client)) }
        return .variants(variantsInfo(of: client))
    }

    /// Plays `command`, which the daemon's scroll just took, in every cell of every grid
    /// at the same time; a grid whose cells moved while the daemon's frame did not is sent
    /// to its client.
    mutating func mirror(_ command: Command, seqBefore: Int, at now: Double) {
        guard !grids.isEmpty else { return }
        switch command {
        case .scroll, .scrollTo, .fling, .drag, .snap, .next, .prev, .edit, .open, .close: break
        default: return
        }
        for client in gridClients {
            guard var grid = grids.removeValue(forKey: client) else { continue }
            var moved = false
            for i in grid.cells.indices {
                let before = grid.cells[i].session.seq
                // A cell that refuses (a card it does not have) stays where it is.
                _ = grid.cells[i].session.apply(command, from: VariantGrid.driver, at: now)
                moved = moved || grid.cells[i].session.seq != before
            }
            grids[client] = grid
            if moved, seq == seqBefore, subscriptions(of: client).contains(.frame) { emit(.sendFrame(to: client)) }
        }
        if !(isAnimating || memory.isEasing(at: now)) { mainTicks = false }
        keepTicking(at: now)
    }

    /// Moves every grid's moving cells to `now` (each computes its frame); the clients whose
    /// cells moved.
    mutating func tickGrids(at now: Double) -> [ClientID] {
        var moved: [ClientID] = []
        for client in gridClients {
            guard var grid = grids.removeValue(forKey: client) else { continue }
            var any = false
            for i in grid.cells.indices where grid.cells[i].session.tickDue != nil {
                _ = grid.cells[i].session.tick(at: now)
                any = true
            }
            grids[client] = grid
            if any { moved.append(client) }
        }
        return moved
    }

    /// New values are in force: every cell's set is them with its overlay again (a cell
    /// whose set no longer resolves keeps its last good one), standing at the daemon's
    /// offset; each grid's client is told its cells' sets.
    mutating func rebaseGrids(at now: Double) {
        for client in gridClients {
            guard var grid = grids.removeValue(forKey: client) else { continue }
            for i in grid.cells.indices {
                let tree = ParamsSchema.merging(inForceTree, grid.cells[i].node)
                if let resolved = try? ParamsSchema.resolve(tree) {
                    _ = grid.cells[i].session.load(.loaded(tree: tree, resolved: resolved), at: now)
                } else {
                    emit(.log(.warning, "client \(client)'s variant \(i) no longer resolves; it keeps its last set"))
                }
                _ = grid.cells[i].session.apply(
                    .scrollTo(offset: offset, animated: false), from: VariantGrid.driver, at: now)
            }
            grids[client] = grid
            emit(.sendVariants(to: client))
        }
    }
}
