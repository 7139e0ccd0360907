// A Jetpack Compose app with planted defects for the app rules' tests (expectations.json). Its twin,
// ../ComposeAppClean, is the same app with the defects removed.
dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
        maven { url = uri("https://jitpack.io") }
    }
}
rootProject.name = "FixtureApp"
include(":app")
