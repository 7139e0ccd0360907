print("inertia-convert")
