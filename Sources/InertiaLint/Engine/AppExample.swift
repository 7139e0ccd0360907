/// A small app, to document and test an app rule (``RuleDescription/Scope/app``): its sources, and its
/// animation files given by their animations' ids.
///
/// In a triggering example, `↓` in a source marks where a finding must point (the name of a container or
/// of `InertiaViewModel`, the opening quote of an id, the value of `dev`), and `↓` before an id of an
/// animation file marks a finding at that animation; the markers are removed before the app is checked.
public struct AppExample: Sendable, CustomStringConvertible {
  /// An app source: its path (whose extension names its language) and its text.
  public struct Source: Sendable {
    /// The path, from the app's folder.
    public let path: String
    /// The text, with markers.
    public let text: String
  }

  /// An animation file: its path and its animations' ids, and whether the SwiftUI container decodes it.
  public struct AnimationFile: Sendable {
    /// The path, from the app's folder; its name is what a container loads.
    public let path: String
    /// The animations' ids, in order, each with a marker when a finding must point at it.
    public let ids: [String]
    /// Whether the SwiftUI container decodes the file.
    public let decodes: Bool
  }

  /// The sources, in order.
  public let sources: [Source]
  /// The animation files, in order.
  public let animationFiles: [AnimationFile]
  /// The paths of the other files the app holds that the rules look at: JSON forms that are not animation
  /// files the walk lints.
  public let otherFiles: [String]
  /// The bundle of the build target whose resources are exactly ``animationFiles`` (`main` or `module`), as
  /// the build plugin checks a target; `nil` for a folder walk, where a file found anywhere is bundled.
  public let targetBundle: String?

  /// An app of `sources` (path and text) and `animationFiles` (path and ids), holding `otherFiles` too.
  /// - Parameters:
  ///   - sources: each source's path and text.
  ///   - animationFiles: each animation file's path and the ids it holds.
  ///   - otherFiles: see ``otherFiles``.
  ///   - undecodable: the paths of the animation files the SwiftUI container cannot decode.
  ///   - targetBundle: see ``targetBundle``.
  public init(
    sources: KeyValuePairs<String, String>, animationFiles: KeyValuePairs<String, [String]> = [:],
    otherFiles: [String] = [], undecodable: [String] = [], targetBundle: String? = nil
  ) {
    self.sources = sources.map { Source(path: $0.key, text: $0.value) }
    self.animationFiles = animationFiles.map {
      AnimationFile(path: $0.key, ids: $0.value, decodes: !undecodable.contains($0.key))
    }
    self.otherFiles = otherFiles
    self.targetBundle = targetBundle
  }

  /// The app as `inertia-lint --explain` shows it: each source's path and its text, indented, then each
  /// animation file's path and ids.
  public var description: String {
    var lines: [String] = []
    for source in sources {
      lines.append("\(source.path):")
      lines += source.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }
    for file in animationFiles {
      let ids = file.ids.isEmpty ? "no animations" : file.ids.joined(separator: ", ")
      lines.append("\(file.path): \(ids)\(file.decodes ? "" : " (does not decode)")")
    }
    for path in otherFiles { lines.append(path) }
    if let targetBundle {
      lines.append("(one build target, whose resources are exactly its animation files, in Bundle.\(targetBundle))")
    }
    return lines.joined(separator: "\n")
  }
}
