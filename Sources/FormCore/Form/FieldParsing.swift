extension Field {
    /// Validates one non-empty answer against the field's type and rules, returning the canonical
    /// value or the reason an operator sees under the line. Empty answers (defaults, optional
    /// fields, "Required") are the wizard's business, not this function's.
    ///
    /// The kind decides whether the line is trimmed first (secrets and multiline values are not:
    /// their lines keep their indentation; the wizard trims only blank lines around them) and
    /// turns it into a value; the length rules, pattern and bounds its kind takes are checked here.
    public func parse(_ raw: String) -> Result<FieldValue, ValueError> {
        let kind = self.kind
        let input = kind.trimsInput ? raw.trimmedWhitespace : raw
        let checkedForControls = kind.allowsLineBreaks ? input.replacingNewlines() : input
        if checkedForControls.containsControlCharacters { return .failure(.controlCharacters) }
        return kind.parse(input, for: self).flatMap { value in
            if kind.measuresLength, case .text(let text) = value, let problem = checkText(text) {
                return .failure(problem)
            }
            if let ordering = kind.ordering, let ordered = ordering.value(of: value), let problem = checkRange(ordered) {
                return .failure(problem)
            }
            return .success(value)
        }
    }

    /// Checks a stored JSON value (from a draft) against the current rules; nil if it no longer fits.
    public func restore(_ json: JSONValue) -> FieldValue? { kind.restore(json, for: self) }

    private func checkText(_ s: String) -> ValueError? {
        // Counted only when a length rule asks, and an ASCII line (no CR) by its bytes.
        let length = minLength == nil && maxLength == nil ? 0 : s.characterCount
        if let min = minLength, length < min { return .tooShort(minimum: min) }
        if let max = maxLength, length > max { return .tooLong(maximum: max, length: length) }
        if let pattern {
            switch pattern.match(s) {
            case .match: break
            case .noMatch: return .patternMismatch(message: patternMessage)
            // A match the engine gave up on is never reported as a mismatch: the operator is told.
            case .undecided(let reason): return .patternUndecided(field: label, reason)
            }
        }
        return nil
    }

    /// Bounds are inclusive unless marked exclusive; a bound of another ordering than the value's is ignored (the form
    /// reader only builds bounds in the kind's ordering).
    private func checkRange(_ value: OrderedValue) -> ValueError? {
        if let lo = minimum {
            if minimumIsExclusive, lo.precedes(value) == false { return .notAbove(lo) }
            if value.precedes(lo) == true { return .belowMinimum(lo, maximum: maximum) }
        }
        if let hi = maximum {
            if maximumIsExclusive, value.precedes(hi) == false { return .notBelow(hi) }
            if hi.precedes(value) == true { return .aboveMaximum(hi, minimum: minimum) }
        }
        return nil
    }
}

extension String {
    fileprivate func replacingNewlines() -> String {
        String(unicodeScalars.filter { $0 != "\n" }.map(Character.init))
    }
}
