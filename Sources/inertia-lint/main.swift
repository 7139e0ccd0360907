print("inertia-lint")
