import Foundation

/// What a `formline fill` run printed, read the way an operator reads it: each submission's
/// outcome line, the first rejection's field blocks and banner, and the fields asked again after it.
///
/// The layout read here is the renderer's plain (TERM=dumb) output:
///
///     Submitting... rejected (422)
///       ! a banner message
///       1 Username  admin
///         ! the field's message,
///           wrapped
///     Username [admin]: newuser
///     Review
struct FillTranscript {
    struct FieldError: Equatable {
        var field: String
        var message: String
    }

    /// The text after "Submitting... " of each submission, in order.
    var submissions: [String] = []
    /// The first rejection's messages under fields, in the order shown.
    var fieldErrors: [FieldError] = []
    /// The first rejection's messages not under any field.
    var bannerMessages: [String] = []
    /// The fields prompted for between the first rejection and the review that follows it.
    var reasked: [String] = []

    init(_ output: String) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var firstRejection: Int?
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "Submitting... ") else { continue }
            let outcome = String(line[range.upperBound...])
            submissions.append(outcome)
            if firstRejection == nil, outcome.hasPrefix("rejected") { firstRejection = index }
        }
        guard let start = firstRejection else { return }

        enum Open { case none, field, banner }
        var open = Open.none
        var currentField = ""
        var index = start + 1
        while index < lines.count, lines[index].hasPrefix("  ") {
            let line = lines[index]
            index += 1
            if line.hasPrefix("    ! ") {
                fieldErrors.append(FieldError(field: currentField, message: String(line.dropFirst(6))))
                open = .field
            } else if line.hasPrefix("  ! ") {
                bannerMessages.append(String(line.dropFirst(4)))
                open = .banner
            } else if let label = FillTranscript.fieldLabel(line) {
                currentField = SignupForm.field(labelled: label)?.name ?? label
                open = .none
            } else if line.hasPrefix("    ") {
                let more = line.trimmingCharacters(in: .whitespaces)
                switch open {
                case .field: fieldErrors[fieldErrors.count - 1].message += " " + more
                case .banner: bannerMessages[bannerMessages.count - 1] += " " + more
                case .none: break
                }
            }
        }
        while index < lines.count, lines[index] != "Review", !lines[index].contains("Submitting... ") {
            if let field = SignupForm.fields.first(where: { lines[index].hasPrefix($0.label + ": ") || lines[index].hasPrefix($0.label + " [") || lines[index].hasPrefix($0.label + " (") }) {
                reasked.append(field.name)
            }
            index += 1
        }
    }

    /// "Username" from "  1 Username  admin" (a field's line in the rejection).
    private static func fieldLabel(_ line: String) -> String? {
        let rest = line.dropFirst(2)
        let number = rest.prefix { $0.isNumber }
        guard !number.isEmpty, rest.dropFirst(number.count).first == " " else { return nil }
        let afterNumber = rest.dropFirst(number.count + 1)
        let label = afterNumber.range(of: "  ").map { afterNumber[..<$0.lowerBound] } ?? afterNumber
        return String(label)
    }
}
