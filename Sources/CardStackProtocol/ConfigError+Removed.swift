extension ConfigError {
    /// The `config_error` for a parameter file that was deleted or moved away (no line or
    /// column): the parameters in force stay until a file is back at `path`.
    public static func fileRemoved(_ path: String?) -> ConfigError {
        ConfigError(
            path: path, line: nil, column: nil, key: nil,
            message: "the file was deleted or moved away; the parameters in force stay until it is back")
    }
}
