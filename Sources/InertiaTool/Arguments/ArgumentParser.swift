import InertiaLint

/// Splits a command line into options and operands, the same way for both tools:
///
/// - `--name value` or `--name=value`; `-n value` or `-nvalue` (`-j4`) for a short option with a value;
/// - `--` ends the options: everything after it is an operand, even `-h`;
/// - `-` alone is an operand (standard input);
/// - an unknown option, a missing value, or a value given to an option that takes none is a
///   ``UsageError`` (an unknown option's message suggests the closest known one);
/// - an option that takes a value is given once, whichever of its names is used, unless it accumulates
///   (``CommandOption/accumulates``): `-o a -o b` is a ``UsageError``, not `b`.
package struct ArgumentParser: Sendable {
  /// The options the command knows.
  package let options: [CommandOption]

  package init(_ options: [CommandOption]) {
    self.options = options
  }

  /// One piece of a parsed command line.
  package enum Element: Equatable {
    /// An option by its long name, with its value when it takes one.
    case option(String, value: String?)
    /// An operand: a file, a path, or a subcommand.
    case operand(String)
  }

  /// The command line's options and operands, in order.
  /// - Throws: ``UsageError`` for an unknown option or a missing or unwanted value.
  package func parse(_ arguments: [String]) throws(UsageError) -> [Element] {
    var elements: [Element] = []
    var given: Set<String> = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        elements += rest.map(Element.operand)
        break
      }
      if argument == "-" || !argument.hasPrefix("-") {
        elements.append(.operand(argument))
        continue
      }
      var name = argument
      var attached: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        attached = String(argument[argument.index(after: equals)...])
      } else if !argument.hasPrefix("--"), argument.count > 2 {
        // `-j4`: a short option with its value attached.
        name = String(argument.prefix(2))
        attached = String(argument.dropFirst(2))
      }
      guard let option = option(named: name), attached == nil || option.value != nil else {
        throw unknown(argument, name: option(named: name) == nil ? name : argument)
      }
      guard let value = option.value else {
        elements.append(.option(option.name, value: nil))
        continue
      }
      guard option.accumulates || given.insert(option.name).inserted else {
        let names = option.names.joined(separator: " or ")
        throw UsageError("\(names) is given more than once; give it once")
      }
      if let attached {
        elements.append(.option(option.name, value: attached))
      } else if let next = rest.popFirst() {
        elements.append(.option(option.name, value: next))
      } else {
        throw UsageError("\(name) needs \(Self.noun(for: value))")
      }
    }
    return elements
  }

  /// The option spelt `name`, if the command knows one.
  package func option(named name: String) -> CommandOption? {
    options.first { $0.names.contains(name) }
  }

  private func unknown(_ argument: String, name: String) -> UsageError {
    if let option = option(named: String(argument.prefix { $0 != "=" })), option.value == nil {
      return UsageError("\(option.name) takes no value")
    }
    let suggestion = NameSuggestion.closest(to: name, in: options.flatMap(\.names).filter { $0.hasPrefix("--") })
    return UsageError("unknown option '\(argument)'" + (suggestion.map { "; did you mean \($0)?" } ?? ""))
  }

  /// What a value placeholder stands for, in a message: `FILE` is "a file name".
  static func noun(for placeholder: String) -> String {
    switch placeholder {
    case "FILE", "NAME": return "a file name"
    case "DIR": return "a directory"
    case "N", "S": return "a number"
    case "GLOB": return "a glob"
    case "RULE": return "a rule id"
    case "FORMAT": return "a format"
    case "WHEN": return "auto, always or never"
    default:
      let choices = placeholder.split(separator: "|")
      if choices.count > 1 { return choices.dropLast().joined(separator: ", ") + " or " + choices.last! }
      return "a value"
    }
  }

  /// The options' lines for `--help`: names and value in a column, then what each does.
  package var help: String {
    let labels = options.map { option in
      let names = option.names.joined(separator: ", ")
      return option.value.map { "\(names) \($0)" } ?? names
    }
    let width = labels.map(\.count).max().map { min($0 + 2, 27) } ?? 0
    var lines: [String] = []
    for (label, option) in zip(labels, options) {
      let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
      if label.count + 2 > width {
        lines.append("  " + label)
        lines += helpLines.map { "  " + String(repeating: " ", count: width) + $0 }
      } else {
        lines.append("  " + label.padding(to: width) + helpLines[0])
        lines += helpLines.dropFirst().map { "  " + String(repeating: " ", count: width) + $0 }
      }
    }
    return lines.joined(separator: "\n")
  }
}
