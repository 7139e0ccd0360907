import Inertia
import SwiftUI

@main
struct FixtureApp: App {
  var body: some Scene {
    WindowGroup {
      // The editor's container, in editor mode in every build: ships dialling the editor.
      InertiaContainer(bundle: .module, dev: true, id: "animation", hierarchyId: "root") {
        ContentView()
      }
    }
    WindowGroup("Onboarding") {
      #if DEBUG
        // In editor mode, but the editor only sends to "animation": this one receives nothing.
        InertiaContainer(bundle: .module, dev: true, id: "onboarding", hierarchyId: "onboarding") {
          OnboardingView()
        }
      #else
        InertiaContainer(bundle: .module, dev: false, id: "onboarding", hierarchyId: "onboarding") {
          OnboardingView()
        }
      #endif
    }
    WindowGroup("Settings") {
      // settings.inertia was renamed away: this traps at launch.
      InertiaContainer(bundle: .module, dev: false, id: "settings", hierarchyId: "settings") {
        SettingsView()
      }
    }
    WindowGroup("Legacy") {
      // Only legacy.json is bundled; the runtime reads legacy.inertia.
      InertiaContainer(bundle: .module, dev: false, id: "legacy", hierarchyId: "legacy") {
        LegacyView()
      }
    }
    WindowGroup("Main bundle") {
      // A package target's resources are in Bundle.module, not in Bundle.main, the default.
      InertiaContainer(dev: false, id: "animation", hierarchyId: "main") {
        ContentView()
      }
    }
    WindowGroup("Credits") {
      // credits.inertia is bundled, but it was cut short: it does not decode, and this traps at launch.
      InertiaContainer(bundle: .module, dev: false, id: "credits", hierarchyId: "credits") {
        ContentView()
      }
    }
  }
}
