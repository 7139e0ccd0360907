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
  private let components: [String]
  private let matchesAnyComponent: Bool

  init(_ pattern: String) {
    self.pattern = pattern
    var trimmed = Substring(pattern).unicodeScalars
    while trimmed.starts(with: "./".unicodeScalars) { trimmed.removeFirst(2) }
    while trimmed.first == "/" { trimmed.removeFirst() }
    while trimmed.last == "/" { trimmed.removeLast() }
    components = FilePath.components(Substring(trimmed)).map(String.init)
    matchesAnyComponent = !trimmed.contains("/")
  }

  var description: String { pattern }

  /// Whether the pattern matches a file, as an include does: by name for a pattern without `/`, by whole
  /// path otherwise.
  func matchesFile(_ relativePath: [Substring]) -> Bool {
    if matchesAnyComponent {
      guard let last = relativePath.last, let component = components.first else { return false }
      return Self.match(component, last)
    }
    return Self.match(components[...], relativePath[...])
  }

  /// Whether the pattern matches a path or one of the folders on it, as an exclude does.
  func matchesPathOrParent(_ relativePath: [Substring]) -> Bool {
    if matchesAnyComponent {
      guard let component = components.first else { return false }
      return relativePath.contains { Self.match(component, $0) }
    }
    for count in stride(from: relativePath.count, through: 1, by: -1)
    where Self.match(components[...], relativePath.prefix(count)) {
      return true
    }
    return false
  }

  private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
    match(pattern, path, component: match)
  }

  /// Whether `path` matches `pattern` component by component, each by `component`, with a `**` component
  /// matching any number of path components, none included. Globs and `.gitignore` lines match so.
  static func match<Pattern: StringProtocol>(
    _ pattern: ArraySlice<Pattern>, _ path: ArraySlice<Substring>, component: (Pattern, Substring) -> Bool
  ) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if FilePath.isSame(first, "**") {
      let rest = pattern.dropFirst()
      for start in path.startIndex...path.endIndex where match(rest, path[start...], component: component) {
        return true
      }
      return false
    }
    guard let name = path.first, component(first, name) else { return false }
    return match(pattern.dropFirst(), path.dropFirst(), component: component)
  }

  /// Matches by bytes, as the kernel names files: a name that is not UTF-8 by its own bytes, and `é`
  /// never the same as `e` + U+0301 (which `String`'s `==` holds equal).
  private static func match(_ pattern: String, _ name: Substring) -> Bool {
    if !pattern.utf8.contains(where: {
      $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "\\")
    }) {
      return FilePath.isSame(pattern, name)
    }
    return PathText.withCString(pattern) { pattern in
      PathText.withCString(String(name)) { name in fnmatch(pattern, name, 0) == 0 }
    }
  }
}
