import InertiaFormat
import InertiaLint

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A glob for `--include`, `--exclude` and the configuration's `include` and `exclude`.
///
/// - `*` matches any run of characters within one path component, `?` one character, `[abc]` and
///   `[a-z]` one of a set; `**` as a whole component matches any number of components.
/// - A pattern without a `/` matches a file's name or, for excludes, any folder on its path:
///   `--exclude Fixtures` skips every folder named `Fixtures`, `--include '*.json'` lints every JSON file.
/// - A pattern with a `/` matches the path from the directory it is relative to (the current directory
///   for the command line, the configuration file's directory for the configuration), or any folder at
///   the start of that path: `--exclude Tests/Fixtures` skips everything under it. A leading `/` or
///   `./` changes nothing.
struct Glob: Sendable, Equatable, CustomStringConvertible {
  let pattern: String
  private let components: [Component]
  private let matchesAnyComponent: Bool

  /// A component of the pattern, with how it matches a name worked out once rather than at every name.
  private struct Component: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
      /// No wildcard: the name with its bytes.
      case plain
      /// `*` then plain ASCII: every name ending with these bytes (a leading `.` included, as `fnmatch`
      /// without flags has it). The suffix being ASCII, a name's own bytes end with it exactly when its
      /// string's UTF-8 does: a raw byte's code point holds no ASCII. (Not with a NUL, at which `fnmatch`
      /// stops reading the pattern.)
      case suffix([UInt8])
      /// Anything else, matched as `fnmatch` without flags matches (see ``GlobMatching``).
      case pattern
    }

    let text: String
    let kind: Kind
    /// Whether it is `**`, which in a path matches any number of components.
    let isAnyComponents: Bool

    init(_ text: Substring) {
      self.text = String(text)
      isAnyComponents = FilePath.isSame(text, "**")
      let suffix = text.utf8.dropFirst()
      if Glob.isPlain(text) {
        kind = .plain
      } else if text.utf8.first == UInt8(ascii: "*"), suffix.allSatisfy({ $0 != 0 && $0 < 0x80 }),
        Glob.isPlain(Substring(suffix))
      {
        kind = .suffix(Array(suffix))
      } else {
        kind = .pattern
      }
    }

    /// Whether the name matches, by bytes as the kernel names files: a name that is not UTF-8 by its own
    /// bytes, and `é` never the same as `e` + U+0301 (which `String`'s `==` holds equal).
    func matches(_ name: some StringProtocol) -> Bool {
      switch kind {
      case .plain: return FilePath.isSame(text, name)
      case .suffix(let suffix): return FilePath.hasSuffix(name, suffix)
      case .pattern:
        var work = GlobMatching.Work()
        return GlobMatching.name(PathText.bytes(text), PathText.bytes(String(name)), work: &work)
      }
    }
  }

  init(_ pattern: String) {
    self.pattern = pattern
    var trimmed = Substring(pattern).unicodeScalars
    while trimmed.starts(with: "./".unicodeScalars) { trimmed.removeFirst(2) }
    while trimmed.first == "/" { trimmed.removeFirst() }
    while trimmed.last == "/" { trimmed.removeLast() }
    components = FilePath.components(Substring(trimmed)).map(Component.init)
    matchesAnyComponent = !trimmed.contains("/")
  }

  var description: String { pattern }

  /// Whether the pattern matches a file, as an include does: by name for a pattern without `/`, by whole
  /// path otherwise.
  func matchesFile(_ relativePath: [Substring]) -> Bool {
    if matchesAnyComponent {
      guard let last = relativePath.last, let component = components.first else { return false }
      return component.matches(last)
    }
    return Self.match(components[...], relativePath[...])
  }

  /// ``matchesFile(_:)`` for a file directly in the folder the pattern is relative to, by its name.
  func matchesFile(named name: String) -> Bool {
    if matchesAnyComponent {
      // Matched in place, not copied out of the array (and its text retained) at each name.
      return !components.isEmpty && components[0].matches(name)
    }
    return Self.match(components[...], [Substring(name)])
  }

  /// Whether the pattern matches a path or one of the folders on it, as an exclude does.
  func matchesPathOrParent(_ relativePath: [Substring]) -> Bool {
    var work = GlobMatching.Work()
    return matchesPathOrParent(relativePath, work: &work)
  }

  /// ``matchesPathOrParent(_:)``, counting its steps (see ``GlobMatching``): at most the pattern's
  /// components times the path's names matched, whatever the `**`.
  func matchesPathOrParent(_ relativePath: [Substring], work: inout GlobMatching.Work) -> Bool {
    if matchesAnyComponent {
      guard let component = components.first else { return false }
      return relativePath.contains { name in
        work.names += 1
        return component.matches(name)
      }
    }
    return GlobMatching.components(
      components[...], relativePath[...], prefix: true, isAnyComponents: \.isAnyComponents,
      component: { $0.matches($1) }, work: &work)
  }

  private static func match(_ pattern: ArraySlice<Component>, _ path: ArraySlice<Substring>) -> Bool {
    var work = GlobMatching.Work()
    return GlobMatching.components(
      pattern, path, isAnyComponents: \.isAnyComponents, component: { $0.matches($1) }, work: &work)
  }

  /// Whether `path` matches `pattern` component by component, each by `component`, with a `**` component
  /// matching any number of path components, none included. Globs and `.gitignore` lines match so (see
  /// ``GlobMatching``).
  static func match<Pattern: StringProtocol>(
    _ pattern: ArraySlice<Pattern>, _ path: ArraySlice<Substring>, component: (Pattern, Substring) -> Bool
  ) -> Bool {
    var work = GlobMatching.Work()
    return GlobMatching.components(
      pattern, path, isAnyComponents: { FilePath.isSame($0, "**") }, component: component, work: &work)
  }

  /// Whether a pattern has no wildcard, bracket or escape: it matches only its own bytes.
  static func isPlain(_ pattern: some StringProtocol) -> Bool {
    !pattern.utf8.contains {
      $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\")
    }
  }
}
