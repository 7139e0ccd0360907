/// A small JSON-form document used to document and test a rule; for an app rule, a small app (``app``).
///
/// In a triggering example, `↓` marks the start of each value a finding must point at; the marker is
/// removed before the text is linted. An example without markers only has to trigger the rule somewhere.
public struct Example: Sendable {
  /// The marker placed before a value a finding must point at.
  public static let marker = "↓"

  /// The document, with markers.
  public let text: String
  /// The file name the document is linted under (its container id is this without the extension).
  public let fileName: String
  /// The settings it is linted with.
  public let settings: LintSettings
  /// Whether the example is linted as MessagePack: its text is then the extended JSON form (see
  /// `inertia-convert --help`), which can write what plain JSON cannot, such as `{"$float64": "NaN"}`.
  public let isMessagePack: Bool
  /// Where the example is written, so a failing example points at itself.
  public let fileID: String
  /// The path of the file the example is written in.
  public let filePath: String
  /// The line the example starts on.
  public let line: Int
  /// The column the example starts at.
  public let column: Int
  /// For an app rule's example, the app: its sources and animation files; `nil` for a document. ``text``
  /// is then the app as `inertia-lint --explain` shows it.
  public let app: AppExample?

  /// An example; the source location defaults to where it is written.
  public init(
    _ text: String, fileName: String = "animation.inertia", settings: LintSettings = .default,
    messagePack: Bool = false,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) {
    self.text = text
    self.fileName = fileName
    self.settings = settings
    self.isMessagePack = messagePack
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.app = nil
  }

  /// An app rule's example: `app`, whose sources are checked against its animation files with `settings`.
  public init(
    _ app: AppExample, settings: LintSettings = .default, fileID: String = #fileID, filePath: String = #filePath,
    line: Int = #line, column: Int = #column
  ) {
    self.text = app.description
    self.fileName = app.sources.first?.path ?? ""
    self.settings = settings
    self.isMessagePack = false
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.app = app
  }

  /// The document without markers, and the byte offsets the markers stood at.
  public var withoutMarkers: (text: String, offsets: [Int]) { Self.removingMarkers(from: text) }

  /// `marked` without markers, and the byte offsets the markers stood at.
  static func removingMarkers(from marked: String) -> (text: String, offsets: [Int]) {
    var text = ""
    var offsets: [Int] = []
    var rest = marked[...]
    while let range = rest.firstRange(of: Self.marker) {
      text += rest[..<range.lowerBound]
      offsets.append(text.utf8.count)
      rest = rest[range.upperBound...]
    }
    return (text + rest, offsets)
  }
}
