/// When an animation plays: as soon as its schema arrives, or when triggered.
///
/// Compose and React start an `auto` animation as soon as they hold its schema; the SwiftUI runtime stores
/// the field and ignores it, so an `auto` track on iOS still waits for `trigger(_:)`.
public enum InertiaAnimationInvokeType: String, Codable, CaseIterable, Sendable, StringEnumCodable {
  /// Plays as soon as its schema arrives (except on SwiftUI).
  case auto
  /// Waits to be triggered.
  case trigger
}
