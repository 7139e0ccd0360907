/// The limits every source lexer holds to, so that no input makes one crash, hang or allocate without
/// bound. Each lexer does a fixed amount of work per byte apart from what is written below, keeps one
/// token per token of the source, and a stack no deeper than ``maximumNestingDepth``.
package enum SourceLimits {
  /// The longest source read: 16 MiB. App code is far smaller (the largest hand-written sources are a few
  /// hundred kilobytes; generated ones reach a few megabytes); a longer file gets
  /// ``SourceLexFailure/Kind/tooLarge`` rather than a token array several times its size.
  package static let maximumSourceBytes = 16 << 20

  /// The deepest nesting of the constructs a lexer keeps a stack for: 512. Swift and Kotlin string
  /// interpolations (a string in an interpolation in a string…), JavaScript template literals, JSX
  /// elements and the brackets around them, and Swift `#if` blocks. Block comments nest in Swift and
  /// Kotlin too, but only their depth is counted, so they have no limit.
  package static let maximumNestingDepth = 512
}
