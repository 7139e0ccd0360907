import Inertia
import SwiftUI

struct Item: Identifiable {
  let id: String
}

struct ContentView: View {
  @Environment(\.inertiaDataModel) private var inertia: InertiaDataModel!
  let items = [Item(id: "card0"), Item(id: "card1")]

  var body: some View {
    VStack(spacing: 16) {
      Text("Welcome").font(.largeTitle)
        .inertia("welcomeTitle")
      Text("Card").inertia("card0")
      Text("Card").inertia("card1")
      // Text("Ghost").inertia("ghostInAComment")
      ForEach(items) { item in
        Text(item.id).inertia(item.id)
      }
      Button("Play") {
        inertia.trigger("card0")
        for index in 0..<2 { inertia.trigger("card\(index)") }
      }
      Text(verbatim: ".inertia(\"ghostInAString\")")
    }
    .onAppear {
      inertia.loopDuration = 4
      inertia.isRepeating = false
    }
  }
}

/// What the editor's help screen shows, not code.
let helpText = """
  Tag a view: Text("x").inertia("ghostInAMultiLineString")
  InertiaContainer(dev: true, id: "ghostContainer", hierarchyId: "x") { }
  """
