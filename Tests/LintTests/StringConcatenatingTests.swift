import Testing

@testable import InertiaLint

@Suite("String(concatenating:)")
struct StringConcatenatingTests {
  @Test("Gives the pieces one after another, whatever they hold")
  func concatenates() {
    let pieces = ["", "a", "long literal piece past the small-string size", "é", "🙂", "\n", "x"]
    #expect(String(concatenating: pieces[0], pieces[1], pieces[2], pieces[3], pieces[4]) == pieces[0..<5].joined())
    #expect(String(concatenating: pieces[5], pieces[6], pieces[2]) == pieces[5] + pieces[6] + pieces[2])
    #expect(String(concatenating: "", "") == "")
    let substring = "abc, def"[...].dropFirst(5)
    #expect(String(concatenating: String(substring), "!") == "def!")
  }
}
