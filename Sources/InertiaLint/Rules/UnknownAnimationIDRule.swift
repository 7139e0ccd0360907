/// `unknown-animation-id`: a tag or a playback call naming an id no animation has.
struct UnknownAnimationIDRule: AppRule {
  static let description = RuleDescription(
    identifier: "unknown-animation-id",
    name: "Unknown animation id",
    severity: .warning,
    summary: "A view is tagged, or a playback call names, an id no animation file has.",
    rationale: """
      A view finds its animation by the id it is tagged with (`.inertia("card0")`, \
      `Inertia(id = "card0")`, `<Inertia id="card0">`): a tag whose id no animation has never animates. \
      `trigger(_:)` with such an id plays nothing, and marks the id as running, which no wrap of the loop \
      ever retires, so the container's clock then runs for as long as the container lives \
      (Inertia.swift:570-575, 685-698 at e310d13; Compose and React alike); `cancel`, `restart` and \
      `isCancelled` act on nothing. Ids are compared with every animation of every animation file found \
      (a view cannot be told to belong to one container without running the app), exactly, and a close \
      one is suggested. Only string literals are checked: an id made at run time (`.inertia(item.id)`) \
      is counted in the summary as not checked. A warning: nothing crashes, something does not play.
      """,
    nonTriggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Card.swift": """
            import Inertia

            struct Card: View {
              @Environment(\\.inertiaDataModel) var inertia
              let item: Item
              var body: some View {
                Text("Card").inertia("card0").onTapGesture { inertia?.trigger("card0") }
                Text(item.name).inertia(item.id)
                // Text("Ghost").inertia("ghost")
                Text(".inertia(\\"ghost\\")")
              }
            }
            """
          ],
          animationFiles: ["animation.inertia": ["card0"]]))
    ],
    triggeringExamples: [
      Example(
        AppExample(
          sources: [
            "Card.swift": """
            import Inertia

            struct Card: View {
              @Environment(\\.inertiaDataModel) var inertia
              var body: some View {
                Text("Card").inertia(↓"crad0").onTapGesture { inertia?.trigger(↓"card1") }
              }
            }
            """
          ],
          animationFiles: ["animation.inertia": ["card0"]])),
      Example(
        AppExample(
          sources: [
            "Demo.tsx": """
            import { Inertia } from "inertia-react";
            export const Demo = () => <Inertia id=↓"welcomeTitel"><h1>Don't miss it</h1></Inertia>;
            """
          ],
          animationFiles: ["public/animation.inertia": ["welcomeTitle"]])),
    ],
    scope: .app)

  static func check(_ app: AppProject, _ findings: inout AppFindingSink) {
    let known = app.animationIDs.sorted()
    let files: String
    switch app.animationFiles.count {
    case 0: files = "no animation file was found"
    case 1: files = "no animation in the one animation file found has this id"
    case let count: files = "no animation in the \(count) animation files found has this id"
    }
    for source in app.sources {
      for use in source.uses {
        guard case .literal(let id) = use.id, !app.animationIDs.contains(id) else { continue }
        let consequence: String
        switch use.kind {
        case .tag: consequence = "this view never animates"
        case .playback(.trigger):
          consequence = "it plays nothing, and the container's clock, started for it, never stops"
        case .playback(.cancel): consequence = "it cancels nothing"
        case .playback(.restart): consequence = "it restarts nothing"
        case .playback(.isCancelled): consequence = "it asks about an animation that does not exist"
        case .container, .viewModel, .loopDuration: continue
        }
        let what: String
        if case .playback(let method) = use.kind {
          what = "\(method.rawValue)(\"\(id)\")"
        } else {
          what = "tag '\(id)'"
        }
        let suggestion = NameSuggestion.closest(to: id, in: known).map { "; did you mean '\($0)'?" } ?? ""
        findings.report(
          "\(what): \(files): \(consequence)\(suggestion)", in: source, at: use.idPosition ?? use.position, about: id)
      }
    }
  }
}
