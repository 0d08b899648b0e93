# Empty compiler generated dependencies file for test_world.
# This may be replaced when dependencies are built.
