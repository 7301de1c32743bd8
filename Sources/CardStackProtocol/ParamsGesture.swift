/// How `set_params` requests become history entries (docs/protocol.md, section 4): the sets
/// of one drag (the same `gesture` from the same client) are one entry, and so are a
/// client's sets without a gesture that each come within ``burstWindow`` of the one before.
public enum ParamsGesture {
    /// Seconds between two `set_params` of one client (no `gesture`) that make one entry.
    public static let burstWindow = 0.25
    /// The longest `gesture` id, in UTF-8 bytes.
    public static let maximumLength = 200
}
