#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Lend an array's or `Data`'s memory to the readers as a `ByteView` for the duration of a call, carrying
// the readers' typed errors through (`withUnsafeBytes` rethrows untyped ones).

@inline(__always)
func withBytes<R, Failure: Error>(
  _ bytes: [UInt8], _ body: (ByteView) throws(Failure) -> R
) throws(Failure) -> R {
  try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try body(ByteView(buffer)) } }.get()
}

@inline(__always)
func withBytes<R, Failure: Error>(
  _ data: Data, _ body: (ByteView) throws(Failure) -> R
) throws(Failure) -> R {
  try data.withUnsafeBytes { buffer in Result { () throws(Failure) in try body(ByteView(buffer)) } }.get()
}
