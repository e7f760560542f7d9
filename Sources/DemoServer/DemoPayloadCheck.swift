import FormCore

/// The demo server's own reading of a submitted JSON object: which members it needs and of which
/// JSON type, checked here rather than by formline's rules so that a benchmark or a test measures
/// a server that decides for itself. Messages are Django REST framework's wording.
struct DemoField: Sendable {
    indirect enum Kind: Sendable {
        case text
        /// A JSON integer, optionally within bounds.
        case integer(ClosedRange<Int>?)
        /// A JSON number, or a string holding one (decimals may travel as either).
        case number
        case boolean
        /// A list of strings.
        case texts
        /// A list of integers within bounds.
        case integers(ClosedRange<Int>)
        /// A nested object with these members.
        case object([DemoField])
        /// A list of objects with these members (a form's group): errors name the item.
        case items([DemoField])
    }

    var name: String
    var kind: Kind
    var required: Bool

    init(_ name: String, _ kind: Kind = .text, required: Bool = true) {
        self.name = name
        self.kind = kind
        self.required = required
    }

    /// The errors of `object`'s members named in `fields`, under `path`, and each list's length
    /// (DRF answers a list of items with one entry per item sent).
    static func check(_ object: [String: JSONValue], _ fields: [DemoField], at path: [ServerError.PathComponent] = [],
                      lengths: inout [[ServerError.PathComponent]: Int]) -> [ServerError] {
        var errors: [ServerError] = []
        for field in fields {
            let here = path + [.key(field.name)]
            guard let value = object[field.name], value != .null else {
                if field.required { errors.append(ServerError(path: here, message: "This field is required.", code: "required")) }
                continue
            }
            errors += field.kind.check(value, at: here, lengths: &lengths)
        }
        return errors
    }
}

extension DemoField.Kind {
    func check(_ value: JSONValue, at path: [ServerError.PathComponent],
               lengths: inout [[ServerError.PathComponent]: Int]) -> [ServerError] {
        func error(_ message: String, _ code: String = "invalid") -> [ServerError] {
            [ServerError(path: path, message: message, code: code)]
        }
        switch (self, value) {
        case (.text, .string(let text)):
            return text.isEmpty ? error("This field may not be blank.", "blank") : []
        case (.text, _):
            return error("Not a valid string.")
        case (.integer(let bounds), .number(let text)):
            guard let n = Int(text) else { return error("A valid integer is required.") }
            if let bounds, n < bounds.lowerBound {
                return error("Ensure this value is greater than or equal to \(bounds.lowerBound).", "min_value")
            }
            if let bounds, n > bounds.upperBound {
                return error("Ensure this value is less than or equal to \(bounds.upperBound).", "max_value")
            }
            return []
        case (.integer, _):
            return error("A valid integer is required.")
        case (.number, .number(let text)), (.number, .string(let text)):
            return Double(text) == nil ? error("A valid number is required.") : []
        case (.number, _):
            return error("A valid number is required.")
        case (.boolean, .bool):
            return []
        case (.boolean, _):
            return error("Must be a valid boolean.")
        case (.texts, .array(let list)):
            return list.enumerated().flatMap { index, item in DemoField.Kind.text.check(item, at: path + [.index(index)], lengths: &lengths) }
        case (.integers(let bounds), .array(let list)):
            return list.enumerated().flatMap { index, item in
                DemoField.Kind.integer(bounds).check(item, at: path + [.index(index)], lengths: &lengths)
            }
        case (.object(let fields), .object(let members)):
            return DemoField.check(members, fields, at: path, lengths: &lengths)
        case (.items(let fields), .array(let list)):
            lengths[path] = list.count
            var errors: [ServerError] = []
            for (index, item) in list.enumerated() {
                guard case .object(let members) = item else {
                    errors.append(ServerError(path: path + [.index(index)], message: "Invalid data. Expected a dictionary.", code: "invalid"))
                    continue
                }
                errors += DemoField.check(members, fields, at: path + [.index(index)], lengths: &lengths)
            }
            return errors
        case (.texts, _), (.integers, _), (.items, _):
            return error("Expected a list of items.", "not_a_list")
        case (.object, _):
            return error("Invalid data. Expected a dictionary.")
        }
    }
}
