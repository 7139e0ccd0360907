/// Which animations of a container have been triggered, and so play from the start of the loop.
///
/// Nothing in a file says when a trigger comes. Compose and React start an `auto` track as soon as they hold
/// it; SwiftUI ignores `invokeType` and every track waits for `trigger(_:)`. An untriggered track waits at its
/// initial values.
public enum InertiaTriggering: Hashable, Sendable {
  /// Every animation, as if each were triggered as its view appeared.
  case all
  /// Only the animations with these ids; the others wait.
  case only(Set<String>)

  /// Nothing triggered yet: the container as it is drawn before anything plays.
  public static let none = InertiaTriggering.only([])

  /// Whether the animation with `id` has been triggered.
  public func isTriggered(_ id: String) -> Bool {
    switch self {
    case .all: true
    case .only(let ids): ids.contains(id)
    }
  }
}
