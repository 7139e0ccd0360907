/// The entry point libFuzzer calls with each input: its first byte picks the language, the rest is the
/// source (AppSourceFuzzChecks.split).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  check(Array(UnsafeBufferPointer(start: data, count: size))) { try AppSourceFuzzChecks.appSources($0) }
}
