# Empty dependencies file for consumer_static.
# This may be replaced when dependencies are built.
