import ArgumentParser
import FormCore
import FormSystem

/// The document of `operations`, `import` and `check --openapi`: read through the same cache as
/// `fill --openapi` (a URL is fetched once, then revalidated after 15 minutes or on --refresh),
/// or the reason it cannot be, as the exit status it ends with.
enum OpenAPIDocumentReading {
    static func bytes(_ document: String, refresh: Bool) throws -> [UInt8] {
        let environment = ProcessEnvironment.current
        do {
            var source = try OpenAPISource.open(document, refresh: refresh, cache: OpenAPICache(environment: environment),
                                                environment: environment)
            for note in source.notes { StandardError.write(TextCleaning.visible(note) + "\n") }
            return try source.bytes()
        } catch let problem as OpenAPISource.Problem {
            StandardError.write("formline: " + TextCleaning.visible(problem.description) + "\n")
            throw ExitCode(problem.status.rawValue)
        }
    }
}
