import Inertia
import SwiftUI

struct OnboardingView: View {
  @Environment(\.inertiaDataModel) private var inertia: InertiaDataModel?

  var body: some View {
    Text("Step one")
      .inertia("step0")
      .onTapGesture { inertia?.restart("step0") }
      .onAppear { inertia?.loopDuration = 4 }
  }
}
