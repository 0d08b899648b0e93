# Empty dependencies file for consumer_shared.
# This may be replaced when dependencies are built.
