/// `--shard K/N`: the share of a run's transcripts that CI job K of N replays.
///
/// Assignment is by position in the run's list (arguments in order, each folder's transcripts
/// sorted by path): transcript number i (counting from 0) belongs to shard `i % N + 1`. The N
/// shards of the same list are therefore disjoint and together hold every transcript once, and
/// each gets within one of the same count. The list must be the same in every job (same
/// arguments, same checkout), as a CI matrix gives it.
package struct ReplayShard: Sendable, Equatable {
    /// 1-based.
    package var index: Int
    package var count: Int

    package static let maximumCount = 10_000

    /// Parses `K/N` (1 <= K <= N <= 10,000); nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) }),
              let k = Int(parts[0]), let n = Int(parts[1]),
              n >= 1, n <= ReplayShard.maximumCount, k >= 1, k <= n else { return nil }
        index = k
        count = n
    }

    /// This shard's share of `files`, in their order.
    package func select<T>(_ files: [T]) -> [T] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
