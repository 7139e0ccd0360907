/// The unkeyed container of ``ValueDecoder``. Every primitive overload forwards to one generic method, and the
/// decoder's `unbox` reads each primitive type the way ``NumberConversion`` describes.
struct UnkeyedValueDecodingContainer: UnkeyedDecodingContainer {
  let decoder: ValueDecoder
  let elements: [MessagePackValue]
  private(set) var currentIndex = 0

  init(elements: [MessagePackValue], decoder: ValueDecoder) {
    self.elements = elements
    self.decoder = decoder
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private var currentPath: [any CodingKey] { codingPath + [AnyCodingKey(index: currentIndex)] }

  /// The next element, without moving past it.
  private func next(_ type: Any.Type) throws -> MessagePackValue {
    guard !isAtEnd else {
      let count = elements.count
      throw CodingFailure.valueNotFound(
        type, "expected another element, found the end of an array of \(count)", at: currentPath)
    }
    return elements[currentIndex]
  }

  mutating func decodeNil() throws -> Bool {
    guard try next(Never.self) == .nil else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try unbox(type) }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try unbox(type) }
  mutating func decode(_ type: String.Type) throws -> String { try unbox(type) }
  mutating func decode(_ type: Double.Type) throws -> Double { try unbox(type) }
  mutating func decode(_ type: Float.Type) throws -> Float { try unbox(type) }
  mutating func decode(_ type: Int.Type) throws -> Int { try unbox(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try unbox(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try unbox(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try unbox(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try unbox(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try unbox(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try unbox(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try unbox(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try unbox(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try unbox(type) }

  private mutating func unbox<T: Decodable>(_ type: T.Type) throws -> T {
    let value = try decoder.unbox(next(type), as: type, at: currentPath)
    currentIndex += 1
    return value
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let container = try decoder.child(next(type), at: currentPath).container(keyedBy: type)
    currentIndex += 1
    return container
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let container = try decoder.child(next([Any].self), at: currentPath).unkeyedContainer()
    currentIndex += 1
    return container
  }

  mutating func superDecoder() throws -> any Decoder {
    let child = try decoder.child(next(Any.self), at: currentPath)
    currentIndex += 1
    return child
  }
}
