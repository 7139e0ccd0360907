import Inertia
import SwiftUI

@main
struct FixtureApp: App {
  var body: some Scene {
    WindowGroup {
      // The editor's container: in editor mode in debug builds only.
      #if DEBUG
        InertiaContainer(bundle: .module, dev: true, id: "animation", hierarchyId: "root") {
          ContentView()
        }
      #else
        InertiaContainer(bundle: .module, dev: false, id: "animation", hierarchyId: "root") {
          ContentView()
        }
      #endif
    }
    WindowGroup("Onboarding") {
      // Played from the bundle only: the editor does not send to "onboarding".
      InertiaContainer(bundle: .module, dev: false, id: "onboarding", hierarchyId: "onboarding") {
        OnboardingView()
      }
    }
    WindowGroup("Settings") {
      InertiaContainer(bundle: .module, dev: false, id: "settings", hierarchyId: "settings") {
        SettingsView()
      }
    }
    WindowGroup("Legacy") {
      InertiaContainer(bundle: .module, dev: false, id: "legacy", hierarchyId: "legacy") {
        LegacyView()
      }
    }
    WindowGroup("Main bundle") {
      InertiaContainer(bundle: .module, dev: false, id: "animation", hierarchyId: "main") {
        ContentView()
      }
    }
    WindowGroup("Credits") {
      // credits.inertia is bundled and decodes (it holds no animation yet).
      InertiaContainer(bundle: .module, dev: false, id: "credits", hierarchyId: "credits") {
        ContentView()
      }
    }
  }
}
