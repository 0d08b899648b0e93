file(REMOVE_RECURSE
  "libtouche_oracle.a"
)
