# `cpack -G DEB` in the build folder: a Debian package of what `cmake --install` puts in place
# (the top CMakeLists.txt), under /usr, so the command is /usr/bin/spadework and finds its data
# in /usr/share/spadework. tests/install/deb_test.sh checks the package.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME spadework)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR Spadework)
set(CPACK_PACKAGE_CONTACT "Spadework <dev@spadework.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Spades game records, replays, re-scoring and analysis")
set(CPACK_PACKAGE_DESCRIPTION
    "Spadework imports recorded games of Spades, replays them trick by trick, re-scores them
under other rule sets (classic Spades, Paperless Spades and other variants) and finds
bidding and play mistakes with a double-dummy solver. It comes with bidding lessons,
sample games and the rule sets as text files.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# The build may carry debug information (RelWithDebInfo); the package does not.
set(CPACK_STRIP_FILES ON)

# spadework_0.1.0_amd64.deb: Debian's name, version and architecture (dpkg --print-architecture,
# which CPack asks when CPACK_DEBIAN_PACKAGE_ARCHITECTURE is not set).
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_NAME spadework)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

# The shared libraries the command loads come from dpkg-shlibdeps (dpkg-dev, which
# build-essential brings), with the lowest versions their symbols need. The viewer opens the
# DejaVu fonts by path (analyzer/viewer/window/draw.cpp), which no library lookup can see.
set(SPADEWORK_DEB_EXTRA_DEPENDS "fonts-dejavu-core")
find_program(SPADEWORK_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(SPADEWORK_DPKG_SHLIBDEPS)
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${SPADEWORK_DEB_EXTRA_DEPENDS}")
else()
  # Without it, the packages of Debian 12 that hold the libraries `objdump -p build/spadework`
  # lists as NEEDED (`dpkg -S` of each); tests/install/deb_test.sh checks every one is named.
  message(STATUS "dpkg-shlibdeps not found (dpkg-dev): the .deb lists its dependencies by hand")
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "${SPADEWORK_DEB_EXTRA_DEPENDS}, libc6, libstdc++6, libgcc-s1")
  string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", libfmt9, libprotobuf32, libsqlite3-0, libglfw3, libopengl0, libstb0")
endif()

include(CPack)
