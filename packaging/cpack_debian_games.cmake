# Run by CPack after it has staged the install and before it packs it.
# Debian's policy puts the programs of a package in the games section in
# /usr/games, so the .deb moves them there. The game still finds its data:
# it looks in <its folder>/../share/rollerball, which is /usr/share/rollerball
# from /usr/games as from /usr/bin. The tarball keeps bin/.
if(NOT CPACK_GENERATOR STREQUAL "DEB")
  return()
endif()
set(rb_root "${CPACK_TEMPORARY_DIRECTORY}${CPACK_PACKAGING_INSTALL_PREFIX}")
file(GLOB rb_programs "${rb_root}/bin/*")
if(NOT rb_programs)
  return()
endif()
file(MAKE_DIRECTORY "${rb_root}/games")
foreach(program ${rb_programs})
  get_filename_component(name "${program}" NAME)
  file(RENAME "${program}" "${rb_root}/games/${name}")
endforeach()
file(REMOVE_RECURSE "${rb_root}/bin")
