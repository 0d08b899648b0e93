# Empty compiler generated dependencies file for test_mat4.
# This may be replaced when dependencies are built.
