# Empty compiler generated dependencies file for touche_test_support.
# This may be replaced when dependencies are built.
