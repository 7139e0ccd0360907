/// The entry point libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  check(Array(UnsafeBufferPointer(start: data, count: size))) { try DiffFuzzChecks.diff($0) }
}
