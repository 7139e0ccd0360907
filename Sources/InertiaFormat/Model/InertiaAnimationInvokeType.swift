/// When an animation plays: as soon as its schema arrives, or when triggered.
///
/// Compose and React start an `auto` animation as soon as they hold its schema; the SwiftUI runtime stores
/// the field and ignores it, so an `auto` track on iOS still waits for `trigger(_:)`.
public enum InertiaAnimationInvokeType: String, Codable, CaseIterable, Sendable {
  /// Plays as soon as its schema arrives (except on SwiftUI).
  case auto
  /// Waits to be triggered.
  case trigger

  /// - Throws: `DecodingError` for any other string, naming the allowed ones.
  public init(from decoder: any Decoder) throws {
    self = try StringEnumCoding.decode(Self.self, from: decoder)
  }

  /// Writes the raw value as a string.
  public func encode(to encoder: any Encoder) throws {
    try StringEnumCoding.encode(self, to: encoder)
  }
}
