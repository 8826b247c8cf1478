# Settings shared by packaging/ and tests/packaging/: the tests directory is
# configured before packaging/, so what both need is decided here.
set(RB_ICON_SIZES 16 24 32 48 64 128 256)

# rb_pngtool (icon rendering and picture checks) needs SDL2_image with SVG
# support, which 2.6 brought.
find_package(PkgConfig REQUIRED)
pkg_check_modules(RB_PKG_SDL QUIET IMPORTED_TARGET sdl2 SDL2_image>=2.6)
