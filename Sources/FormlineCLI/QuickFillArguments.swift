/// Reads the everyday `formline fill FORM [options]` command line without swift-argument-parser.
///
/// Why: argument-parser discovers a command's options by reflection, and on this binary's
/// ~8,700 protocol-conformance records that alone took about as long as everything else before
/// the first prompt (docs/PERFORMANCE.md). Time to first prompt is a feature, so `fill` takes
/// this path when it can.
///
/// It only ever says yes to a command line it understands completely, and then means exactly
/// what argument-parser would (a test compares the two on a corpus). Anything else (help,
/// `--`, an unknown, repeated or malformed option, a value that starts with `-`, a missing
/// form, options that can't go together) gets nil, and argument-parser reads the command line
/// instead, with its usual messages and exit codes.
public enum QuickFillArguments {
    public static func parse(_ arguments: [String]) -> FillOptions? {
        guard arguments.first == "fill" else { return nil }
        var form: String?
        var options = FillOptions(form: "")
        var seen: Set<String> = []
        var rest = arguments.dropFirst()
        while let word = rest.popFirst() {
            guard word.hasPrefix("-") else {
                guard form == nil else { return nil }
                form = word
                continue
            }
            let name: String
            var inlineValue: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            } else {
                name = word
            }
            // Only --header, --header-from, --set and --secret may be given more than once.
            let repeatable: Set<String> = ["--header", "--header-from", "--set", "--secret"]
            guard repeatable.contains(name) || seen.insert(name).inserted else { return nil }
            func value() -> String? {
                let text = inlineValue ?? rest.popFirst()
                guard let text, !text.isEmpty, !text.hasPrefix("-") else { return nil }
                return text
            }
            switch name {
            case "--answers":
                guard let v = value() else { return nil }
                options.answers = v
            case "--set":
                guard let v = value() else { return nil }
                options.sets.append(v)
            case "--secret":
                guard let v = value() else { return nil }
                options.secretSources.append(v)
            case "--openapi":
                guard let v = value() else { return nil }
                options.openapi = v
            case "--operation":
                // `"POST /api/signup"` is one word with a space: fine, it is one argument.
                guard let v = value() else { return nil }
                options.operation = v
            case "--plain", "--resume", "--keep-asking", "--stop-at-refusal", "--no-input", "--refresh", "--repeat":
                guard inlineValue == nil else { return nil }
                switch name {
                case "--plain": options.plain = true
                case "--refresh": options.refresh = true
                case "--resume": options.resume = true
                case "--keep-asking": options.keepAsking = true
                case "--no-input": options.noInput = true
                case "--repeat": options.repeats = true
                default: options.stopAtRefusal = true
                }
            case "--endpoint":
                guard let v = value() else { return nil }
                options.endpoint = v
            case "--header":
                guard let v = value() else { return nil }
                options.headers.append(v)
            case "--header-from":
                guard let v = value() else { return nil }
                options.headerSources.append(v)
            case "--timeout":
                guard let v = value(), let seconds = Double(v) else { return nil }
                options.timeout = seconds
            case "--record":
                guard let v = value() else { return nil }
                options.record = v
            case "--resume-number":
                guard let v = value(), let n = Int(v) else { return nil }
                options.resumeNumber = n
            case "--draft":
                guard let v = value() else { return nil }
                options.draft = v
            case "--ca-file":
                guard let v = value() else { return nil }
                options.caFile = v
            case "--client-cert":
                guard let v = value() else { return nil }
                options.clientCert = v
            case "--client-key":
                guard let v = value() else { return nil }
                options.clientKey = v
            case "--output":
                guard let v = value(), let output = FillOptions.Output(rawValue: v) else { return nil }
                options.output = output
            default:
                return nil
            }
        }
        guard form != nil || options.openapi != nil else { return nil }
        options.form = form ?? ""
        guard options.problem == nil else { return nil }
        return options
    }
}
