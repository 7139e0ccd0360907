import Foundation

/// Writes a ``MessagePackValue`` as JSON text.
public struct JSONWriter: Sendable {
  public struct Options: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
      /// Two-space indentation, one entry per line, short arrays of numbers on one line, a final newline.
      case pretty
      /// Everything on one line, no spaces, no final newline.
      case compact
    }

    public var style: Style
    /// Whether values JSON cannot hold are written in the reversible extended form instead of failing.
    public var extended: Bool

    public init(style: Style = .pretty, extended: Bool = false) {
      self.style = style
      self.extended = extended
    }
  }

  public var options: Options

  public init(options: Options = .init()) {
    self.options = options
  }

  public func write(_ value: MessagePackValue) throws(FormatError) -> [UInt8] {
    fatalError("TODO")
  }

  public func writeString(_ value: MessagePackValue) throws(FormatError) -> String {
    String(decoding: try write(value), as: UTF8.self)
  }
}
