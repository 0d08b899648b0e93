# Empty compiler generated dependencies file for test_basics.
# This may be replaced when dependencies are built.
