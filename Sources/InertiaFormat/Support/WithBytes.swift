#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// `withUnsafeBytes` rethrows untyped errors; these carry the readers' typed `FormatError` through it.

@inline(__always)
func withBytes<R>(
  _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(FormatError) -> R
) throws(FormatError) -> R {
  try bytes.withUnsafeBytes { buffer in Result { () throws(FormatError) in try body(buffer) } }.get()
}

@inline(__always)
func withBytes<R>(
  _ data: Data, _ body: (UnsafeRawBufferPointer) throws(FormatError) -> R
) throws(FormatError) -> R {
  try data.withUnsafeBytes { buffer in Result { () throws(FormatError) in try body(buffer) } }.get()
}
