import InertiaFormat
import InertiaLint

/// Writes report documents with the format's own JSON writer.
enum JSONOutput {
  static func pretty(_ value: MessagePackValue) -> String {
    // Reports hold strings, integers and booleans only, which JSON always holds.
    (try? JSONWriter(options: .init(style: .pretty)).writeString(value)) ?? "{}\n"
  }
}
