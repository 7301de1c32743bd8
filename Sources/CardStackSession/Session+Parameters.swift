import CardLayout
import CardStackParams
import CardStackProtocol

extension Session {
    /// The parameter file was read again (or failed to); `bytes` is the content that loaded.
    public mutating func load(_ update: ParamsUpdate, bytes: [UInt8]? = nil, at now: Double) -> [Effect] {
        collecting { $0.loading(update, bytes: bytes, at: now) }
    }

    private mutating func loading(_ update: ParamsUpdate, bytes: [UInt8]?, at now: Double) {
        let file = path ?? "parameters"
        switch update {
        case .loaded(let tree, let resolved):
            inForceTree = tree
            if let bytes { loadedBytes = bytes }
            for warning in resolved.warnings { emit(.log(.warning, "\(file): \(warning)")) }
            fileTree = tree
            fileParameters = resolved.parameters
            overrides = .emptyTable
            let hadError = configError != nil
            configError = nil
            install(resolved.parameters, source: .file, at: now)
            emit(.log(.info, "loaded \(file): revision \(revision)\(hadError ? " (the earlier error is fixed)" : "")"))
        case .failed(let error):
            configError = error.configError
            emit(.log(.error, "\(error.description); keeping revision \(revision)"))
            emit(.publishConfigError(error.configError))
            emit(.statusChanged)
        case .removed:
            emit(
                .log(
                    .warning,
                    "\(path ?? "the parameter file") was removed; keeping revision \(revision) until it comes back"))
            let gone = ConfigError.fileRemoved(path)
            if configError != gone { configErrorBeforeRemoval = configError }
            configError = gone
            emit(.publishConfigError(gone))
            emit(.statusChanged)
        case .unchanged:
            // The removed file came back as it was: nothing changes but the removal's error
            // gives way to what was in force before (none, or the same file's error again).
            if let error = configError, error == ConfigError.fileRemoved(path) {
                configError = configErrorBeforeRemoval
                configErrorBeforeRemoval = nil
                emit(.log(.info, "\(path ?? "the parameter file") is back unchanged: revision \(revision)"))
                if let configError {
                    emit(.publishConfigError(configError))
                } else {
                    emit(.publishParams)
                }
                emit(.statusChanged)
            }
        }
    }

    /// Puts `new` in force: one new revision, a `params` and a `state` event, one new frame.
    ///
    /// New `layout.cards` or `card.titles` start the deck over from them (dropping its
    /// edits); any other change keeps the edited deck.
    ///
    /// - Parameter coalescing: a `set_params`' key: its drag's or burst's sets are one
    ///   history entry (``ParamsHistory/Coalescing``).
    mutating func install(
        _ new: Parameters, source: ParamsSource, coalescing: ParamsHistory.Coalescing? = nil, at now: Double
    ) {
        let old = parameters
        stopAnimation()
        editing = nil
        settleReveal()
        memory.reset()
        // Keep the same card in front when the spacing changes.
        let position = offset / old.layout.spacing
        parameters = new
        if new.layout.cards != old.layout.cards || new.card.titles != old.card.titles {
            deck = Deck(new)
        }
        deckParameters = deck.applied(to: new.inEffect)
        self.source = source
        revision += 1
        // `undo` and `redo` move along the history themselves.
        if source != .undo {
            history.record(
                revision: revision, source: source, time: wallClock(at: now), tree: inForceTree, parameters: new,
                coalescing: coalescing)
        }
        offset = Layout.normalize(position * new.layout.spacing, deckParameters)
        memory.slowdown = deckParameters.animation.slowdown
        memory.observe(offset: offset, at: now, velocity: 0, animating: false, parameters: deckParameters)
        emit(.publishParams)
        emit(.layOut)
        emit(.publishState)
        emit(.statusChanged)
        rebaseGrids(at: now)
    }

    /// Puts a whole parameter set in force (a preset, an undone or redone set) and says so:
    /// the reply, then the events it causes.
    public mutating func putInForce(
        tree: ParamNode, parameters new: Parameters, source: ParamsSource, at now: Double
    ) -> (reply: CommandResult, effects: [Effect]) {
        var info = paramsInfo
        info.revision += 1
        info.params = new
        info.source = source
        info.overridden = []
        info.unsaved = unsaved.file.map(ParamsValues.Flat(new).changedKeys) ?? []
        info.warnings = new.warnings
        info.effective = new.effectiveCarousel
        let effects = collecting { session in
            session.inForceTree = tree
            session.overrides = .emptyTable
            session.install(new, source: source, at: now)
        }
        return (.params(info), effects)
    }
}
