# Empty compiler generated dependencies file for test_tree.
# This may be replaced when dependencies are built.
