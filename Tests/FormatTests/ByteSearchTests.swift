import Testing

@testable import InertiaFormat

/// ``ByteSearch`` against a plain search: at every position, at both ends, across word boundaries, near
/// misses, and over random bytes.
@Suite struct ByteSearchTests {
  func plain(_ word: [UInt8], in bytes: [UInt8]) -> Bool {
    guard bytes.count >= word.count else { return false }
    return (0...(bytes.count - word.count)).contains { bytes[$0..<($0 + word.count)].elementsEqual(word) }
  }

  @Test func everyPositionOfTheWordIsFound() {
    let word = Array("nertia".utf8)
    for length in 6..<40 {
      for position in 0...(length - 6) {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        bytes.replaceSubrange(position..<(position + 6), with: word)
        #expect(ByteSearch.contains("nertia", in: bytes), "length \(length), position \(position)")
        // One byte different anywhere in the word: not found.
        for miss in 0..<6 {
          var near = bytes
          near[position + miss] = UInt8(ascii: "X")
          #expect(!ByteSearch.contains("nertia", in: near), "length \(length), position \(position), miss \(miss)")
        }
      }
    }
    #expect(!ByteSearch.contains("nertia", in: []))
    #expect(!ByteSearch.contains("nertia", in: Array("nerti".utf8)))
  }

  @Test func agreesWithAPlainSearchOnRandomBytes() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("nertiaNERTIA ".utf8)
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in alphabet.randomElement(using: &generator)!
      }
      #expect(ByteSearch.contains("nertia", in: bytes) == plain(Array("nertia".utf8), in: bytes), "\(bytes)")
      #expect(ByteSearch.contains("tia", in: bytes) == plain(Array("tia".utf8), in: bytes), "\(bytes)")
    }
  }
}
