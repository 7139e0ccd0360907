extension AppExample {
  /// The bundled-file rules' app: one SwiftUI source, `App.swift`, making one container with `arguments`
  /// (see ``RuleText/swiftContainer(_:marked:)``), and one animation file, `Resources/animation.inertia`,
  /// holding `card0`, which the SwiftUI container cannot decode when `undecodable`.
  static func swiftContainerApp(
    _ arguments: String, marked: Bool = false, otherFiles: [String] = [], undecodable: Bool = false,
    targetBundle: String? = nil
  ) -> AppExample {
    let file = "Resources/animation.inertia"
    return AppExample(
      sources: ["App.swift": RuleText.swiftContainer(arguments, marked: marked)], animationFiles: [file: ["card0"]],
      otherFiles: otherFiles, undecodable: undecodable ? [file] : [], targetBundle: targetBundle)
  }
}
