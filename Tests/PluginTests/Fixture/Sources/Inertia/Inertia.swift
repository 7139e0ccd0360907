import Foundation

/// A stand-in for the SwiftUI runtime's container (hpennington/Inertia, `Sources/Inertia/Inertia.swift:991`),
/// with its initializer's signature, so that the app's code compiles where SwiftUI does not (the plugin
/// tests run on Linux). The build plugin reads the app's code, never this.
public struct InertiaContainer<Content> {
  /// The runtime's signature; it does nothing here.
  public init(
    bundle: Bundle = Bundle.main, dev: Bool, id: String, hierarchyId: String, content: @escaping () -> Content
  ) {}
}
