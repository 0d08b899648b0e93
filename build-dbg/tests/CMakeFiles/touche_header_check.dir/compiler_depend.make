# Empty compiler generated dependencies file for touche_header_check.
# This may be replaced when dependencies are built.
