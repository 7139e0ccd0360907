// The clean twin of ../ComposeApp: the same Jetpack Compose app with its planted defects removed. The app
// rules find nothing here (expectations.json).
dependencyResolutionManagement {
    repositories {
        google()
        mavenCentral()
        maven { url = uri("https://jitpack.io") }
    }
}
rootProject.name = "FixtureApp"
include(":app")
