enum PageAssets {
    static let html = "<html>__TOKEN__</html>"
    static let script = ""
    static let style = ""
}
