/// The MessagePack timestamp extension (type -1): seconds since 1970-01-01T00:00:00Z and nanoseconds.
///
/// The spec allows three payload sizes: 4 bytes (seconds as uint32), 8 bytes (30-bit nanoseconds and
/// 34-bit seconds) and 12 bytes (uint32 nanoseconds and int64 seconds).
public struct MessagePackTimestamp: Hashable, Sendable {
  /// The extension type MessagePack reserves for timestamps.
  public static let extensionType: Int8 = -1

  /// Seconds since 1970-01-01T00:00:00Z.
  public var seconds: Int64
  /// Nanoseconds within the second, below 1,000,000,000.
  public var nanoseconds: UInt32

  /// A timestamp from seconds since the epoch and nanoseconds within the second.
  public init(seconds: Int64, nanoseconds: UInt32) {
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// Decodes a timestamp payload, or `nil` when its size or nanoseconds are not valid.
  public init?(payload: [UInt8]) {
    func bigEndian(_ range: Range<Int>) -> UInt64 {
      payload[range].reduce(0) { $0 << 8 | UInt64($1) }
    }
    switch payload.count {
    case 4:
      self.init(seconds: Int64(bigEndian(0..<4)), nanoseconds: 0)
    case 8:
      let word = bigEndian(0..<8)
      self.init(seconds: Int64(word & 0x3_FFFF_FFFF), nanoseconds: UInt32(word >> 34))
    case 12:
      self.init(seconds: Int64(bitPattern: bigEndian(4..<12)), nanoseconds: UInt32(bigEndian(0..<4)))
    default:
      return nil
    }
    if nanoseconds >= 1_000_000_000 { return nil }
  }

  /// The payload in the smallest of the three sizes that holds this timestamp, as the spec serializes it.
  public var payload: [UInt8] {
    func bytes(_ value: UInt64, count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(count - 1 - $0))) }
    }
    if seconds >= 0 && seconds >> 34 == 0 {
      if nanoseconds == 0 && seconds <= Int64(UInt32.max) { return bytes(UInt64(seconds), count: 4) }
      return bytes(UInt64(nanoseconds) << 34 | UInt64(seconds), count: 8)
    }
    return bytes(UInt64(nanoseconds), count: 4) + bytes(UInt64(bitPattern: seconds), count: 8)
  }
}

extension MessagePackValue {
  /// The timestamp, when this is a valid timestamp extension value.
  public var timestamp: MessagePackTimestamp? {
    guard case .ext(MessagePackTimestamp.extensionType, let data) = self else { return nil }
    return MessagePackTimestamp(payload: data)
  }

  /// A timestamp extension value in its canonical encoding.
  public static func timestamp(_ timestamp: MessagePackTimestamp) -> MessagePackValue {
    .ext(type: MessagePackTimestamp.extensionType, data: timestamp.payload)
  }
}
