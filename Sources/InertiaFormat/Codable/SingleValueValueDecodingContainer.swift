/// The single-value container of ``ValueDecoder``. Every primitive overload forwards to one generic method, and the
/// decoder's `unbox` reads each primitive type the way ``NumberConversion`` describes.
struct SingleValueValueDecodingContainer: SingleValueDecodingContainer {
  let decoder: ValueDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.value == .nil }

  func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }

  func decode(_ type: Bool.Type) throws -> Bool { try unbox(type) }
  func decode(_ type: String.Type) throws -> String { try unbox(type) }
  func decode(_ type: Double.Type) throws -> Double { try unbox(type) }
  func decode(_ type: Float.Type) throws -> Float { try unbox(type) }
  func decode(_ type: Int.Type) throws -> Int { try unbox(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try unbox(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try unbox(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try unbox(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try unbox(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try unbox(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try unbox(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try unbox(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try unbox(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try unbox(type) }

  private func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.unbox(decoder.value, as: type, at: codingPath)
  }
}
