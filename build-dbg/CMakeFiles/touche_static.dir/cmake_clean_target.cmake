file(REMOVE_RECURSE
  "libtouche.a"
)
