# Empty dependencies file for touche_static.
# This may be replaced when dependencies are built.
