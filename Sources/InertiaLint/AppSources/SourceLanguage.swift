/// The languages whose app sources are read for Inertia uses, told by a file's extension.
package enum SourceLanguage: String, Sendable, CaseIterable {
  /// `.swift`: the SwiftUI runtime.
  case swift
  /// `.kt`, `.kts`: the Jetpack Compose runtime.
  case kotlin
  /// `.js`, `.jsx`, `.mjs`, `.cjs`: JavaScript with JSX, as TypeScript's scanner reads every JavaScript
  /// file (`LanguageVariant.JSX`), and Babel's React preset does.
  case javaScript
  /// `.ts`: TypeScript without JSX, where `<T>value` is a type assertion.
  case typeScript
  /// `.tsx`: TypeScript with JSX, where a generic arrow function is written `<T,>` or `<T extends …>`.
  case typeScriptJSX

  /// The language of a file called `fileName`, or `nil` for a file that is not an app source.
  package init?(fileName: String) {
    guard let dot = fileName.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    switch fileName[fileName.index(after: dot)...] {
    case "swift": self = .swift
    case "kt", "kts": self = .kotlin
    case "js", "jsx", "mjs", "cjs": self = .javaScript
    case "ts": self = .typeScript
    case "tsx": self = .typeScriptJSX
    default: return nil
    }
  }

  /// Whether `<` in expression position opens a JSX element.
  var hasJSX: Bool { self == .javaScript || self == .typeScriptJSX }
}
