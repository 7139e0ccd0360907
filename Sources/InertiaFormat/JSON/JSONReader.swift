import Foundation

/// Reads a JSON document into a ``MessagePackValue``, keeping key order, duplicate keys, and the
/// difference between integers and floats.
public struct JSONReader: Sendable {
  public var limits: DecodingLimits

  public init(limits: DecodingLimits = .default) {
    self.limits = limits
  }

  public func read(_ bytes: [UInt8]) throws(FormatError) -> MessagePackValue {
    fatalError("TODO")
  }

  public func read(_ data: Data) throws(FormatError) -> MessagePackValue {
    fatalError("TODO")
  }

  public func readWithPositions(_ bytes: [UInt8]) throws(FormatError) -> (MessagePackValue, SourceMap) {
    fatalError("TODO")
  }
}
