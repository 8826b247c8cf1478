#!/usr/bin/env bash
# Installs the Debian packages Rollerball needs to build, test and play.
# This is the one list of system dependencies: the README, CI and the
# packaging all rely on it. It is idempotent: it asks dpkg what is already
# present and only calls apt-get for what is missing, so a second run
# returns at once.
set -euo pipefail

packages=(
  # build
  build-essential cmake pkg-config
  # the game
  libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev
  # the spoken mode's voices, loaded at run time (the build needs neither):
  # speech-dispatcher's client library and espeak-ng's, with its program
  # for the check that every language is spoken
  libspeechd2 libespeak-ng1 espeak-ng
  # the server: its database and its passwords and tokens
  libsqlite3-dev libsodium-dev
  # the server's TLS (src/tls)
  libgnutls28-dev
  # translations: xgettext, msgmerge, msgfmt (libintl is part of libc)
  gettext
  # tests, and the layout check (the version is pinned: clang-format's
  # output changes from one version to the next)
  libcmocka-dev clang valgrind xvfb xauth clang-format-16
  # packaging checks
  desktop-file-utils appstream lintian dpkg-dev file
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "deps.sh: installing ${missing[*]}"
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "deps.sh: not root and no sudo; install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
