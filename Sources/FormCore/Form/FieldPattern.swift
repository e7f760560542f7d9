import CPCRE2
import Synchronization

/// A field's `pattern`, compiled once at load and matched with PCRE2 under work limits, so no
/// pattern and value can stall formline (a backtracking regex like `(a+)+$` is exponential).
///
/// Matching is on the whole value, like HTML's `pattern` attribute (anchored at both ends), on
/// Unicode scalars with Unicode classes (`\d` is any Unicode decimal digit: write `[0-9]` for ASCII).
/// The syntax is PCRE2's, which agrees with the Swift Regex syntax formline used before on the
/// common constructs; `portabilityWarnings(_:)` names the ones that differ (docs/form-files.md).
public struct FieldPattern: Sendable {
    public let source: String
    private let compiled: CompiledPattern

    /// Throws a `FieldPatternError` whose description reads like a compiler message when `source`
    /// is not a valid pattern (or is too large for the engine).
    public init(_ source: String) throws {
        try self.init(source, jit: true)
    }

    /// `jit: false` forces PCRE2's interpreter, so tests can show both paths are bounded.
    init(_ source: String, jit: Bool) throws {
        self.source = source
        self.compiled = try CompiledPattern(source, jit: jit)
    }

    /// Whether matching runs PCRE2's JIT-compiled code (false: the interpreter).
    var usesJIT: Bool { compiled.jitted }

    /// Whether the whole value matches, or why it could not be decided.
    package func match(_ value: String) -> PatternMatch {
        compiled.match(value)
    }

    /// For embedders' code written before the engine had limits: reads "could not decide" as a
    /// mismatch. formline itself never calls it (FieldParsing uses `match(_:)`, which keeps the
    /// two apart).
    public func matchesWhole(_ value: String) -> Bool {
        match(value) == .match
    }
}

extension FieldPattern: Equatable {
    public static func == (a: FieldPattern, b: FieldPattern) -> Bool { a.source == b.source }
}

/// The outcome of matching a value against a pattern. An engine that gives up is never read as
/// "no match": the value is refused with its own message (`undecidedMessage`).
package enum PatternMatch: Sendable, Equatable {
    case match
    case noMatch
    case undecided(PatternUndecidedReason)

    /// The operator's message for an undecided match, naming the field.
    package static func undecidedMessage(field: String, _ reason: PatternUndecidedReason) -> String {
        switch reason {
        case .tooComplex:
            return "\(field): this value is too complex to check against the field's pattern"
        case .engineError(let detail):
            return "\(field): this value could not be checked against the field's pattern (\(detail))"
        }
    }
}

public enum PatternUndecidedReason: Sendable, Equatable {
    /// A work limit was hit (match steps, backtracking depth, memory): see `PatternLimits`.
    case tooComplex
    /// Any other engine failure, with the engine's message.
    case engineError(String)
}

/// The bounds on one match. With them 25 known hostile patterns against values from 31 bytes to
/// 64 KiB all gave up within about 50 ms (JIT or interpreter, on a busy 2-core machine), while
/// ordinary patterns decide 64 KiB values well inside them. Documented in docs/form-files.md.
package enum PatternLimits {
    /// PCRE2's match limit: backtracking steps (the JIT counts its own way, also bounded by it).
    package static let matchSteps: UInt32 = 500_000
    /// Scan steps (items visited plus scalars moved over, counted between pattern items): bounds
    /// what the match limit does not see, a long scan inside each of many steps.
    package static let scanSteps: UInt64 = 10_000_000
    /// PCRE2's depth limit: nested backtracking points (interpreter only).
    package static let depth: UInt32 = 250_000
    /// PCRE2's heap limit for backtracking frames, in KiB (interpreter only).
    package static let heapKiB: UInt32 = 64 * 1024
    /// The JIT's own stack, in bytes (the JIT's memory bound).
    package static let jitStackBytes = 8 * 1024 * 1024
    /// Longest pattern source accepted, in bytes: compile work stays bounded too.
    package static let sourceBytes = 64 * 1024
}

/// A compile or size error, described like a compiler message (`missing closing parenthesis after character 6`).
package struct FieldPatternError: Error, CustomStringConvertible, Equatable, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Owns the PCRE2 code. PCRE2 documents compiled (and JIT-compiled) code as read-only during
/// matching and safe to share between threads; every match makes its own match data and contexts.
private final class CompiledPattern: @unchecked Sendable {
    private let code: OpaquePointer
    let jitted: Bool

    init(_ source: String, jit: Bool) throws {
        let size = source.utf8.count
        guard size <= PatternLimits.sourceBytes else {
            throw FieldPatternError("pattern is \(size) bytes, more than the \(PatternLimits.sourceBytes) allowed")
        }
        var errorCode: Int32 = 0
        var errorOffset = 0
        // AUTO_CALLOUT: PCRE2 calls `countScan` between pattern items, which bounds the scalar
        // scans inside an item (see `PatternLimits.scanSteps`). NEVER_BACKSLASH_C: `\C` can split
        // a UTF-8 sequence.
        let options = UInt32(PCRE2_UTF | PCRE2_UCP | PCRE2_ANCHORED | PCRE2_ENDANCHORED)
            | UInt32(PCRE2_AUTO_CALLOUT) | UInt32(PCRE2_NEVER_BACKSLASH_C)
        var utf8 = Array(source.utf8)
        let code = utf8.withUnsafeMutableBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let code else {
            // A mistake in the Swift Regex syntax formline documented before keeps Swift's wording.
            if let swift = PatternPortability.swiftCompileError(source) {
                throw FieldPatternError(swift)
            }
            throw FieldPatternError(CompiledPattern.compileMessage(source, errorCode, errorOffset))
        }
        self.code = code
        // The JIT is an optimisation: a pattern it cannot compile is matched by the interpreter.
        self.jitted = jit && pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE)) == 0
    }

    deinit { pcre2_code_free_8(code) }

    func match(_ value: String) -> PatternMatch {
        guard let kit = MatchKit.take(jit: jitted) else { return .undecided(.tooComplex) }
        defer { MatchKit.giveBack(kit) }
        let context = kit.context
        guard let data = pcre2_match_data_create_from_pattern_8(code, nil) else { return .undecided(.tooComplex) }
        defer { pcre2_match_data_free_8(data) }

        var value = value
        var empty: UInt8 = 0
        var budget = ScanBudget()
        // A Swift String is valid UTF-8, so PCRE2's own check would only repeat work.
        let result = value.withUTF8 { bytes in
            withUnsafeMutablePointer(to: &budget) { budgetPointer in
                pcre2_set_callout_8(context, countScan, budgetPointer)
                return withUnsafePointer(to: &empty) { fallback in
                    // PCRE2 wants a non-null subject even when it is empty.
                    pcre2_match_8(code, bytes.baseAddress ?? fallback, bytes.count, 0, UInt32(PCRE2_NO_UTF_CHECK), data, context)
                }
            }
        }
        // The budget's address must not outlive this call in a context that is kept.
        pcre2_set_callout_8(context, nil, nil)
        return CompiledPattern.outcome(result)
    }

    private static func outcome(_ result: Int32) -> PatternMatch {
        if result >= 0 { return .match }
        switch result {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL:
            return .noMatch
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT,
             PCRE2_ERROR_JIT_STACKLIMIT, PCRE2_ERROR_NOMEMORY, PCRE2_ERROR_CALLOUT:
            return .undecided(.tooComplex)
        default:
            return .undecided(.engineError(engineMessage(result)))
        }
    }

    /// PCRE2's message, with where PCRE2 noticed the mistake (characters read before it stopped).
    private static func compileMessage(_ source: String, _ errorCode: Int32, _ byteOffset: Int) -> String {
        let reason = engineMessage(errorCode)
        guard byteOffset > 0 else { return reason }  // about the whole pattern ("too large")
        let prefix = source.utf8.prefix(byteOffset)
        let characters = String(decoding: prefix, as: UTF8.self).unicodeScalars.count
        return "\(reason) after character \(characters)"
    }

    static func engineMessage(_ errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBufferPointer { pcre2_get_error_message_8(errorCode, $0.baseAddress, $0.count) }
        guard count > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer.prefix(Int(count)), as: UTF8.self)
    }
}

/// A match context with its limits set, and the JIT stack assigned to it, kept for the next
/// match. Making them per match cost an 8 MiB `mmap` and `munmap` for each JIT stack (PCRE2
/// reserves the whole maximum), with the page faults of its first pages: about 5% of a replay of
/// 2,000 transcripts, and `munmap` in a process with two threads makes every core flush its TLB,
/// which held `replay --jobs 2` back (docs/PERFORMANCE.md, "Replaying transcripts"). The limits
/// are the same for every match; the callout (with its budget) is set for each. A context is used
/// by one match at a time: taken, used, given back. At most `maximumSpare` are kept (one per
/// thread matching at once is what is needed).
private struct MatchKit: @unchecked Sendable {
    let context: OpaquePointer
    var jitStack: OpaquePointer?

    static let maximumSpare = 16
    private static let spare = Mutex<[MatchKit]>([])

    /// A context with the limits set and, for JIT code, a JIT stack; nil when PCRE2 has no memory.
    static func take(jit: Bool) -> MatchKit? {
        var kit = spare.withLock { $0.popLast() }
        if kit == nil {
            guard let context = pcre2_match_context_create_8(nil) else { return nil }
            pcre2_set_match_limit_8(context, PatternLimits.matchSteps)
            pcre2_set_depth_limit_8(context, PatternLimits.depth)
            pcre2_set_heap_limit_8(context, PatternLimits.heapKiB)
            kit = MatchKit(context: context, jitStack: nil)
        }
        guard var kit else { return nil }
        if jit && kit.jitStack == nil {
            guard let stack = pcre2_jit_stack_create_8(32 * 1024, PatternLimits.jitStackBytes, nil) else {
                giveBack(kit)
                return nil
            }
            pcre2_jit_stack_assign_8(kit.context, nil, UnsafeMutableRawPointer(stack))
            kit.jitStack = stack
        }
        return kit
    }

    /// Keeps `kit` for the next match, or frees it when enough are kept.
    static func giveBack(_ kit: MatchKit) {
        let kept = spare.withLock { spare in
            guard spare.count < maximumSpare else { return false }
            spare.append(kit)
            return true
        }
        guard !kept else { return }
        if let stack = kit.jitStack { pcre2_jit_stack_free_8(stack) }
        pcre2_match_context_free_8(kit.context)
    }
}

/// The scan steps one match has used: items visited plus the distance moved between them.
private struct ScanBudget {
    var steps: UInt64 = 0
    var lastPosition = 0
}

/// PCRE2's match limit counts backtracking points, not the scalars a single item scans: `\w*`
/// inside a repeated lookahead scans the rest of the value each time without counting, so
/// `(\w(?=\w*!))*[^!]` took 5.8 s on a 64 KiB value under the match limit alone. Between any two
/// items PCRE2 calls this (auto callouts), and the distance the match position moved since the last
/// call is what the item scanned, so the sum bounds the whole match's work.
private let countScan: @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = { block, data in
    guard let block, let data else { return PCRE2_ERROR_CALLOUT }
    let budget = data.assumingMemoryBound(to: ScanBudget.self)
    let position = Int(block.pointee.current_position)
    budget.pointee.steps += 1 + UInt64(abs(position - budget.pointee.lastPosition))
    budget.pointee.lastPosition = position
    return budget.pointee.steps > PatternLimits.scanSteps ? PCRE2_ERROR_CALLOUT : 0
}
