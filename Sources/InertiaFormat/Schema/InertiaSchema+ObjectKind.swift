extension InertiaSchema {
  /// The kinds of object an animation file holds.
  public enum ObjectKind: String, CaseIterable, Hashable, Sendable {
    /// An animation object, one per animated view (``InertiaAnimation``).
    case animation
    /// A keyframe of a track (``InertiaAnimationKeyframe``).
    case keyframe
    /// The five animatable values (``InertiaAnimationValues``).
    case values
    /// A shape object (``InertiaShape``).
    case shape
    /// The vector description under a shape's `shape` key (``InertiaShapeDescription``).
    case shapeDescription
    /// A colour (``InertiaColour``).
    case colour
    /// One element of a shape's `vertices` (``InertiaSchema/vertex``).
    case vertex
    /// A vertex's `position` (``InertiaSchema/point``).
    case point

    /// The object's name as messages use it, with its article: "a keyframe", "an animation object".
    public var description: String {
      switch self {
      case .animation: return "an animation object"
      case .keyframe: return "a keyframe"
      case .values: return "a set of animatable values"
      case .shape: return "a shape object"
      case .shapeDescription: return "a shape description"
      case .colour: return "a colour"
      case .vertex: return "a vertex"
      case .point: return "a vertex's position"
      }
    }
  }
}
