#!/usr/bin/env python3
"""Writes a SwiftUI app of N Swift files (default 5,000) for the app sources benchmark, seeded so that
every run gets the same bytes.

    appsources_generate.py DIR [--files N] [--seed S]

Each file is a screen or component as app code has them: imports (one in three imports Inertia), a
view with state, a body of stacks, text, images and buttons with their modifiers, doc and line comments,
string literals with interpolation, a multi-line string now and then, a `#if DEBUG` preview, a regex
literal in a few; the files that import Inertia tag views (`.inertia("cardN")`), trigger animations on
`@Environment(\\.inertiaDataModel)`, and one is the app with its `InertiaContainer`.
"""

import argparse
import os
import random

WORDS = ["profile", "settings", "feed", "card", "detail", "header", "footer", "avatar", "badge", "banner",
         "message", "thread", "search", "filter", "cart", "order", "invoice", "account", "photo", "gallery"]


def camel(words):
    return words[0] + "".join(w.capitalize() for w in words[1:])


def view_file(rng, index, imports_inertia):
    name = "".join(w.capitalize() for w in rng.sample(WORDS, 2)) + f"View{index}"
    lines = ["//", f"//  {name}.swift", "//  Generated for the app sources benchmark.", "//", "",
             "import SwiftUI", "import Foundation"]
    if imports_inertia:
        lines.append("import Inertia")
    lines += ["", f"/// Shows the {rng.choice(WORDS)} of a {rng.choice(WORDS)}, with its {rng.choice(WORDS)}.",
              f"struct {name}: View {{"]
    if imports_inertia:
        lines.append("  @Environment(\\.inertiaDataModel) private var inertia: InertiaDataModel!")
    states = rng.sample(WORDS, 3)
    for state in states:
        lines.append(f"  @State private var {state}Count = {rng.randint(0, 99)}")
    lines.append(f'  let title: String = "{rng.choice(WORDS).capitalize()} {rng.randint(1, 999)}"')
    lines += ["", "  var body: some View {", "    VStack(alignment: .leading, spacing: 12) {"]
    for block in range(rng.randint(3, 7)):
        word = rng.choice(WORDS)
        lines += [f"      // The {word} row: {rng.choice(WORDS)} and {rng.choice(WORDS)}.",
                  "      HStack {",
                  f'        Image(systemName: "{word}.fill")',
                  "          .resizable()",
                  f"          .frame(width: {rng.randint(16, 64)}, height: {rng.randint(16, 64)})",
                  f'        Text("\\({states[block % 3]}Count) {word}s, \\(title.uppercased())")',
                  "          .font(.headline)",
                  f"          .foregroundColor(.{rng.choice(['primary', 'secondary', 'blue', 'gray'])})"]
        if imports_inertia and rng.random() < 0.5:
            lines.append(f'          .inertia("card{rng.randint(0, 40)}")')
        lines += ["        Spacer()",
                  f'        Button("{word.capitalize()}") {{',
                  f"          {states[block % 3]}Count += 1"]
        if imports_inertia and rng.random() < 0.4:
            lines.append(f'          inertia.trigger("card{rng.randint(0, 40)}")')
        lines += ["        }", "        .buttonStyle(.bordered)", "      }",
                  f"      .padding(.horizontal, {rng.randint(4, 24)})"]
    lines += ["    }", "    .padding()", "  }", ""]
    if rng.random() < 0.3:
        lines += ["  /// The summary shown in the share sheet.", "  private var summary: String {",
                  '    """', f"    {rng.choice(WORDS).capitalize()}: \\({states[0]}Count)",
                  f"    Shared from the {rng.choice(WORDS)} screen.", '    """', "  }", ""]
    if rng.random() < 0.2:
        lines += ["  private func isValid(_ text: String) -> Bool {",
                  "    text.wholeMatch(of: /[a-z]+[0-9]*/) != nil", "  }", ""]
    lines += ["}", "", "#if DEBUG", f"#Preview {{", f"  {name}()", "}", "#endif", ""]
    return name, "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20261205)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    sources = os.path.join(options.folder, "Sources", "App")
    os.makedirs(sources, exist_ok=True)
    total = 0
    for index in range(options.files - 1):
        group = os.path.join(sources, f"Feature{index // 100:02d}")
        os.makedirs(group, exist_ok=True)
        name, text = view_file(rng, index, imports_inertia=rng.random() < 1 / 3)
        with open(os.path.join(group, name + ".swift"), "w") as out:
            out.write(text)
        total += len(text)
    app = ("import SwiftUI\nimport Inertia\n\n@main\nstruct BenchmarkApp: App {\n  var body: some Scene {\n"
           "    WindowGroup {\n      InertiaContainer(bundle: .module, dev: false, id: \"animation\", "
           "hierarchyId: \"animation\") {\n        Text(\"Home\")\n      }\n    }\n  }\n}\n")
    with open(os.path.join(sources, "BenchmarkApp.swift"), "w") as out:
        out.write(app)
    print(f"{options.files} files, {total + len(app)} bytes")


if __name__ == "__main__":
    main()
