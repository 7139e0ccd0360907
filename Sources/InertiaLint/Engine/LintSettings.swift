import InertiaFormat

/// Settings some rules read, from the configuration file.
public struct LintSettings: Sendable, Equatable {
  /// The container ids a file may be named after: by default only `animation`, the one id the editor
  /// sends schemas to.
  public var containerIDs: [String]
  /// The loop duration the app plays at, in seconds, when the app sets one (`inertia.loopDuration`, taken as
  /// given, as the runtime takes it); `nil`, the default, for the one a container seeds from each file: the
  /// largest of its animations' `loopDuration`s, clamped (`InertiaPlayback.loopDuration(written:)`).
  public var loopDuration: Double?
  /// Whether the same run checks the app's code against the file (a folder walk that found sources using
  /// a runtime): the file rules then leave to the app rules what only the code can tell, such as whether a
  /// container not named `animation` runs in editor mode. `false` unless the tool sets it.
  public var appCodeIsChecked = false

  /// Settings; the defaults are what a project without a configuration file gets.
  public init(containerIDs: [String] = ["animation"], loopDuration: Double? = nil) {
    self.containerIDs = containerIDs
    self.loopDuration = loopDuration
  }

  /// The settings of a project without a configuration file.
  public static let `default` = LintSettings()
}
