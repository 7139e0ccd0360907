#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A configuration glob, matched as `inertia-lint` matches it (its `Glob`; a plugin cannot link the
/// tool's code, so this is a copy of the matching, and the plugin tests check that the two agree on the
/// fixture's configuration).
///
/// A pattern without `/` matches a file's name or, for excludes, any folder on its path; one with `/`
/// matches the path from the configuration's folder, and `**` matches any number of folders.
struct PluginGlob {
  private let components: [String]
  private let matchesAnyComponent: Bool

  init(_ pattern: String) {
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    components = trimmed.split(separator: "/").map(String.init)
    matchesAnyComponent = !trimmed.contains("/")
  }

  /// Whether the pattern matches a file, as an include does.
  func matchesFile(_ path: [Substring]) -> Bool {
    if matchesAnyComponent {
      guard let last = path.last, let component = components.first else { return false }
      return Self.match(component, last)
    }
    return Self.match(components[...], path[...])
  }

  /// Whether the pattern matches a path or one of the folders on it, as an exclude does.
  func matchesPathOrParent(_ path: [Substring]) -> Bool {
    if matchesAnyComponent {
      guard let component = components.first else { return false }
      return path.contains { Self.match(component, $0) }
    }
    return !path.isEmpty && (1...path.count).contains { Self.match(components[...], path.prefix($0)) }
  }

  private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<Substring>) -> Bool {
    guard let first = pattern.first else { return path.isEmpty }
    if first == "**" {
      return (path.startIndex...path.endIndex).contains { match(pattern.dropFirst(), path[$0...]) }
    }
    guard let component = path.first, match(first, component) else { return false }
    return match(pattern.dropFirst(), path.dropFirst())
  }

  private static func match(_ pattern: String, _ name: Substring) -> Bool {
    if !pattern.contains(where: { "*?[\\".contains($0) }) { return pattern == name }
    return fnmatch(pattern, String(name), 0) == 0
  }
}
