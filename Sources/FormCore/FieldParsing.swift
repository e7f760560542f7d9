extension Field {
    /// Validates one non-empty answer against the field's type and rules, returning the canonical
    /// value or the message an operator sees under the line. Empty answers (defaults, optional
    /// fields, "Required") are the wizard's business, not this function's.
    ///
    /// Text is trimmed at both ends first, except secrets and multiline values (whose lines keep
    /// their indentation; the wizard trims only blank lines around them).
    public func parse(_ raw: String) -> Result<FieldValue, ValueError> {
        let input = (type == .secret || type == .multiline) ? raw : raw.trimmedWhitespace
        let checkedForControls = type == .multiline ? input.replacingNewlines() : input
        if checkedForControls.containsControlCharacters {
            return .failure(ValueError("Control characters are not allowed"))
        }
        switch type {
        case .text, .multiline, .secret:
            return checkText(input).map { .text($0) }
        case .email:
            guard Field.isEmail(input) else { return .failure(ValueError("Enter a valid email address")) }
            return checkText(input).map { .text($0) }
        case .url:
            guard Field.isWebURL(input) else {
                return .failure(ValueError("Enter a web address starting with http:// or https://"))
            }
            return checkText(input).map { .text($0) }
        case .integer:
            guard let n = DecimalText(input, allowFraction: false) else {
                return .failure(ValueError("Enter a whole number, like 42"))
            }
            return checkRange(n).map { .number($0.description) }
        case .decimal:
            guard let n = DecimalText(input) else {
                return .failure(ValueError("Enter a number, like 12.5 (with . as the decimal point)"))
            }
            return checkRange(n).map { .number($0.description) }
        case .date:
            guard let d = CalendarDate(input) else {
                if CalendarDate.looksLikeDate(input) {
                    return .failure(ValueError("\(input) is not a real date"))
                }
                return .failure(ValueError("Enter a date as YYYY-MM-DD"))
            }
            return checkDateRange(d).map { .text($0.description) }
        case .boolean:
            guard let b = Field.parseBoolean(input) else { return .failure(ValueError("Answer y or n")) }
            return .success(.boolean(b))
        case .choice:
            return ChoiceResolver(choices).resolve(input).map { .text($0) }
        case .multichoice:
            var picked: [String] = []
            let items = input.split(separator: ",").map { String($0).trimmedWhitespace }.filter { !$0.isEmpty }
            for item in items {
                switch ChoiceResolver(choices).resolve(item) {
                case .success(let c): if !picked.contains(c) { picked.append(c) }
                case .failure(let e):
                    // Name the item: in "fragile, bogus" the operator must see which one failed.
                    if e.message.hasPrefix("'") { return .failure(e) }
                    return .failure(ValueError("'\(item)': \(e.message)"))
                }
            }
            // Keep the form's order, so "c, a" and "a, c" send the same array.
            return .success(.list(choices.filter(picked.contains)))
        }
    }

    /// Checks a stored JSON value (from a draft) against the current rules; nil if it no longer fits.
    public func restore(_ json: JSONValue) -> FieldValue? {
        switch json {
        case .string(let s): return try? parse(s).get()
        case .number(let n): return try? parse(n).get()
        case .bool(let b): return type == .boolean ? .boolean(b) : nil
        case .array(let items):
            guard type == .multichoice else { return nil }
            var picked: [String] = []
            for case .string(let s) in items {
                guard let c = try? ChoiceResolver(choices).resolve(s).get() else { return nil }
                picked.append(c)
            }
            return .list(choices.filter(picked.contains))
        default: return nil
        }
    }

    static func parseBoolean(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "y", "yes", "true", "1": return true
        case "n", "no", "false", "0": return false
        default: return nil
        }
    }

    /// Pragmatic, like HTML's email input: one `@`, a non-empty local part, a dotted domain, no spaces.
    static func isEmail(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !s.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        guard domain.contains("."), domain.first != ".", domain.last != ".", !domain.contains("..") else { return false }
        return true
    }

    /// http or https, `://`, then a non-empty host; no spaces.
    static func isWebURL(_ s: String) -> Bool {
        guard !s.contains(where: \.isWhitespace), let sep = s.firstRange(of: "://") else { return false }
        let scheme = s[..<sep.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return false }
        let rest = s[sep.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostPort = authority.split(separator: "@").last.map(String.init) ?? ""
        let host = hostPort.hasPrefix("[") ? hostPort : String(hostPort.prefix { $0 != ":" })
        return !host.isEmpty
    }

    private func checkText(_ s: String) -> Result<String, ValueError> {
        let length = s.count
        if let min = minLength, length < min {
            return .failure(ValueError("At least \(min) character\(min == 1 ? "" : "s")"))
        }
        if let max = maxLength, length > max {
            return .failure(ValueError("At most \(max) character\(max == 1 ? "" : "s") (this has \(length))"))
        }
        if let pattern, !pattern.matchesWhole(s) {
            return .failure(ValueError(patternMessage ?? "Not in the expected format"))
        }
        return .success(s)
    }

    private func checkRange(_ n: DecimalText) -> Result<DecimalText, ValueError> {
        let below = minNumber.map { n < $0 } ?? false
        let above = maxNumber.map { $0 < n } ?? false
        guard below || above else { return .success(n) }
        switch (minNumber, maxNumber) {
        case let (lo?, hi?): return .failure(ValueError("Must be between \(lo) and \(hi)"))
        case let (lo?, nil): return .failure(ValueError("Must be at least \(lo)"))
        case let (nil, hi?): return .failure(ValueError("Must be at most \(hi)"))
        default: return .success(n)
        }
    }

    private func checkDateRange(_ d: CalendarDate) -> Result<CalendarDate, ValueError> {
        if let lo = minDate, d < lo { return .failure(ValueError("Must be on or after \(lo)")) }
        if let hi = maxDate, hi < d { return .failure(ValueError("Must be on or before \(hi)")) }
        return .success(d)
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(unicodeScalars.filter { $0 != "\n" }.map(Character.init))
    }
}
