import Inertia
import SwiftUI

/// Kept from before the data model: its playback methods do nothing.
struct LegacyView: View {
  @StateObject private var legacyModel = InertiaViewModel()

  var body: some View {
    Text("Legacy")
  }
}
