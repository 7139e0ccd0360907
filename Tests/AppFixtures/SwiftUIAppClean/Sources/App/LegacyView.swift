import Inertia
import SwiftUI

struct LegacyView: View {
  var body: some View {
    Text("Legacy")
  }
}
