import FormRunner

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
///
/// Which options exist, which take a value and which repeat is `FillFlag`'s table, the one list a
/// test holds to argument-parser's declarations; this file only says where each value goes.
package enum QuickFillArguments {
    package static func parse(_ arguments: [String]) -> FillOptions? {
        guard arguments.first == "fill", case .success(let words) = FillFlag.read(Array(arguments.dropFirst())) else { return nil }
        var form: String?
        var options = FillOptions(form: "")
        for word in words {
            let flag: FillFlag, text: String?
            switch word {
            case .argument(let name):
                guard form == nil else { return nil }
                form = name
                continue
            case .option(let option, let value):
                (flag, text) = (option, value)
            }
            // `FillFlag.read` gave each option that takes a value its value, and no flag one.
            let v = text ?? ""
            // No `default:`: a new option in `FillFlag` does not compile until it is read here.
            switch flag {
            case .answers: options.answers = v
            case .set: options.sets.append(v)
            case .secret: options.secretSources.append(v)
            case .openapi: options.openapi = v
            // `"POST /api/signup"` is one word with a space: fine, it is one argument.
            case .operation: options.operation = v
            case .plain: options.plain = true
            case .accessible: options.accessible = true
            case .refresh: options.refresh = true
            case .resume: options.resume = true
            case .keepAsking: options.keepAsking = true
            case .noInput: options.noInput = true
            case .noChecks: options.noChecks = true
            case .repeat: options.repeats = true
            case .queue: options.queue = true
            case .stopAtRefusal: options.stopAtRefusal = true
            case .endpoint: options.endpoint = v
            case .header: options.headers.append(v)
            case .headerFrom: options.headerSources.append(v)
            case .timeout:
                guard let seconds = Double(v) else { return nil }
                options.timeout = seconds
            case .record: options.record = v
            case .log: options.log = v
            case .resumeNumber:
                guard let n = Int(v) else { return nil }
                options.resumeNumber = n
            case .draft: options.draft = v
            case .caFile: options.caFile = v
            case .clientCert: options.clientCert = v
            case .clientKey: options.clientKey = v
            case .lang: options.lang = v
            case .output:
                guard let output = FillOptions.Output(rawValue: v) else { return nil }
                options.output = output
            }
        }
        guard form != nil || options.openapi != nil else { return nil }
        options.form = form ?? ""
        guard options.problem == nil else { return nil }
        return options
    }
}
