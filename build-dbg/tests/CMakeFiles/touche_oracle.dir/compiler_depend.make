# Empty compiler generated dependencies file for touche_oracle.
# This may be replaced when dependencies are built.
