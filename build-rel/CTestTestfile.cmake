# CMake generated Testfile for 
# Source directory: /work/wt/world
# Build directory: /work/wt/world/build-rel
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("tests")
subdirs("bench")
subdirs("examples")
