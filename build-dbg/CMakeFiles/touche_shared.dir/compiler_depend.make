# Empty compiler generated dependencies file for touche_shared.
# This may be replaced when dependencies are built.
