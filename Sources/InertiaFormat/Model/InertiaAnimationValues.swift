/// One pose: the five animatable values a keyframe carries, that an animation starts from, and that place a
/// shape.
///
/// Mirrors the SwiftUI runtime's `InertiaAnimationValues`, with `Double` for `CGFloat` and ``Translate`` for
/// `CGSize`, so `values.translate.width` reads the same in both. Every field is required on the wire (see
/// ``InertiaSchema/values``).
public struct InertiaAnimationValues: InertiaModelObject, InertiaModelCoding, Equatable, Sendable {
  /// Scale factor; 1 is the view's own size.
  public var scale: Double
  /// Offset as a fraction of the container's size (for a shape, in the units the shape is sized in).
  public var translate: Translate
  /// Degrees about the top-left corner, applied first.
  public var rotate: Double
  /// Degrees about the centre.
  public var rotateCenter: Double
  /// Opacity from 0 to 1.
  public var opacity: Double
  /// Fields the type does not know, kept in file order (see ``InertiaModelObject``).
  public var unknownFields: [MessagePackValue.MapEntry]
  var keyOrder = SourceKeyOrder()

  /// A pose; every value defaults to the identity pose's.
  public init(
    scale: Double = 1, translate: Translate = .zero, rotate: Double = 0, rotateCenter: Double = 0,
    opacity: Double = 1, unknownFields: [MessagePackValue.MapEntry] = []
  ) {
    self.scale = scale
    self.translate = translate
    self.rotate = rotate
    self.rotateCenter = rotateCenter
    self.opacity = opacity
    self.unknownFields = unknownFields
  }

  /// The identity pose: scale 1, no translation or rotation, opaque. What an absent shape `transforms`
  /// means.
  public static let identity = InertiaAnimationValues()

  /// The `translate` pair, written `[x, y]`.
  ///
  /// Named `width` and `height` as the SwiftUI runtime's `CGSize` names them; `width` is the horizontal
  /// offset, `x`, and comes first. The runtime reads the whole array as numbers and uses its first two; a
  /// file's numbers after those are kept as read and written back, and never make two offsets unequal.
  public struct Translate: Codable, Hashable, Sendable {
    /// The horizontal offset, `x`.
    public var width: Double
    /// The vertical offset, `y`.
    public var height: Double
    /// The file's numbers after the first two, which the runtimes ignore.
    var ignoredNumbers = KeptAsRead<[MessagePackValue]>([])

    /// An offset of `width` across (x) and `height` down (y).
    public init(width: Double, height: Double) {
      self.width = width
      self.height = height
    }

    /// No offset.
    public static let zero = Translate(width: 0, height: 0)

    /// Reads `[x, y]`, and any numbers after them.
    /// - Throws: `DecodingError` when the value is not an array of at least two numbers, such as
    ///   `[0].keyframes[2].values.translate: expected at least 2 numbers, found 1`.
    public init(from decoder: any Decoder) throws {
      var pair = try decoder.unkeyedContainer()
      if let count = pair.count, count < 2 {
        throw CodingFailure.dataCorrupted("expected at least 2 numbers, found \(count)", at: decoder.codingPath)
      }
      width = try pair.decode(Double.self)
      height = try pair.decode(Double.self)
      var ignored: [MessagePackValue] = []
      while !pair.isAtEnd {
        let index = pair.currentIndex
        let number = try pair.decode(MessagePackValue.self)
        guard number.doubleValue != nil else {
          throw CodingFailure.typeMismatch(
            Double.self, expected: "a number", found: number, at: decoder.codingPath + [AnyCodingKey(index: index)])
        }
        ignored.append(number)
      }
      ignoredNumbers = KeptAsRead(ignored)
    }

    /// Writes `[x, y]`, then the numbers after them the file had.
    public func encode(to encoder: any Encoder) throws {
      var pair = encoder.unkeyedContainer()
      try pair.encode(width)
      try pair.encode(height)
      for number in ignoredNumbers.value { try pair.encode(number) }
    }
  }

  static let schema = InertiaSchema.values
  static let blank = InertiaAnimationValues()
  static let fields: [InertiaModelField<Self>] = [
    .required("scale", \.scale),
    .required("translate", \.translate),
    .required("rotate", \.rotate),
    .required("rotateCenter", \.rotateCenter),
    .required("opacity", \.opacity),
  ]
}
