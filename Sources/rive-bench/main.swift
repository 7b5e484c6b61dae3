print("rive-bench")
