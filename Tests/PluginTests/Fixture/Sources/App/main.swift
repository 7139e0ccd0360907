// The animation files are what the tests are about; the app only has to build.
print("PluginFixture")
