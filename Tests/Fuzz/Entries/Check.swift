#if canImport(Glibc)
  import Glibc
#endif

/// Runs a property check; a violation aborts, which libFuzzer records as a failing input.
func check(_ input: [UInt8], _ property: ([UInt8]) throws -> Void) -> CInt {
  do {
    try property(input)
  } catch {
    fputs("property violated: \(error)\n", stderr)
    abort()
  }
  return 0
}
