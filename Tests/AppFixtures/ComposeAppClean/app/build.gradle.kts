plugins {
    id("com.android.application")
    id("org.jetbrains.kotlin.android")
}

android {
    namespace = "com.example.fixture"
    compileSdk = 34
    defaultConfig { minSdk = 26 }
    buildFeatures { compose = true; buildConfig = true }
}

dependencies {
    implementation("com.github.hpennington:inertia-compose:v1.7.0")
}
