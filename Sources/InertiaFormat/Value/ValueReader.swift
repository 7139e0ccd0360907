#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What ``MessagePackReader`` and ``JSONReader`` share: each reads one document of its format into a
/// ``MessagePackValue``, from raw bytes, an array or `Data`.
public protocol ValueReader: Sendable {
  /// Reads the one document in `bytes`.
  /// - Throws: ``FormatError`` with the position (a byte offset, or a line and column) and the path of the
  ///   first fault.
  func read(_ bytes: UnsafeRawBufferPointer) throws(FormatError) -> MessagePackValue
}

extension ValueReader {
  /// Reads the one document in `bytes`.
  /// - Throws: ``FormatError`` with the position and the path of the first fault.
  public func read(_ bytes: [UInt8]) throws(FormatError) -> MessagePackValue {
    try bytes.withUnsafeBytes { buffer in Result { () throws(FormatError) in try read(buffer) } }.get()
  }

  /// Reads the one document in `data`.
  /// - Throws: ``FormatError`` with the position and the path of the first fault.
  public func read(_ data: Data) throws(FormatError) -> MessagePackValue {
    try data.withUnsafeBytes { buffer in Result { () throws(FormatError) in try read(buffer) } }.get()
  }
}
