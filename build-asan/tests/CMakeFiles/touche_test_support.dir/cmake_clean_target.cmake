file(REMOVE_RECURSE
  "libtouche_test_support.a"
)
