/// A second target, which does not apply the build-tool plugin.
public enum Extras {}
