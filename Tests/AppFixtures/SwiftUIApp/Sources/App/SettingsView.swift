import Inertia
import SwiftUI

struct SettingsView: View {
  var body: some View {
    Text("Settings").inertia("settingsRow")
  }
}
