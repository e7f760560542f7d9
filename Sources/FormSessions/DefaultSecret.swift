import FormCore

/// The value typed at `>* [name]` when the transcript has no `#! secret name = VALUE`: the first
/// of a few fixed candidates that passes the field's own rules, stretched to `min_length` and cut
/// to `max_length`. Fixed, so a replay is the same every time; the same for every secret field
/// with compatible rules, so a password and its confirmation agree.
///
/// A `pattern` may reject every candidate (say `^[0-9]{6}$` is fine, via the digits candidate,
/// but `^x+y$` is not): then this is nil and the transcript must give the value with
/// `#! secret name = VALUE`.
package enum DefaultSecret {
    static let candidates = ["Replay-Secret-42", "ReplaySecret42", "replaysecret", "REPLAYSECRET", "424242424242"]

    /// `avoiding`: values the replay types already (a secret typed again after a rejection
    /// needs a new one).
    package static func value(for field: Field, avoiding: Set<String> = []) -> String? {
        for candidate in candidates {
            var value = candidate
            if let min = field.minLength, value.count < min {
                while value.count < min { value += candidate }
            }
            if let max = field.maxLength, value.count > max { value = String(value.prefix(max)) }
            if value.isEmpty || avoiding.contains(value) { continue }
            if case .success = field.parse(value) { return value }
        }
        return nil
    }
}
