# Sourced by the packaging checks: runs an installed or unpacked rollerball
# the way a player's desktop would (from an unrelated folder, with no hint of
# the source tree or of its data folder) and checks that its screenshot is
# the game's window with the board in it, not merely some picture.
#
# The square colours are read from the game's own theme, so the check follows
# the game when its colours change, and fails by name when they cannot be
# found. Needs: $work (a scratch folder), $pngtool, $src (the source tree)
# and the fail function of the sourcing script.

# board_colours: sets $light and $dark to "R,G,B" from the normal theme.
board_colours() {
  theme=$src/src/ui/kit/theme.c
  light=$(sed -n 's/.*\.light = C(\([0-9]*\), *\([0-9]*\), *\([0-9]*\),.*/\1,\2,\3/p' "$theme" 2>/dev/null | head -n 1)
  dark=$(sed -n 's/.*\.dark = C(\([0-9]*\), *\([0-9]*\), *\([0-9]*\),.*/\1,\2,\3/p' "$theme" 2>/dev/null | head -n 1)
  [ -n "$light" ] && [ -n "$dark" ]
}

# screenshot_shows_board PROGRAM LABEL
screenshot_shows_board() {
  program=$1 label=$2
  if [ ! -x "$program" ]; then
    fail "there is no program $program in the $label"
    return
  fi
  mkdir -p "$work/elsewhere"
  rm -f "$work/shot.png"
  if ! (cd "$work/elsewhere" && env -u RB_SOURCE_DIR -u RB_DATA_DIR SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
          timeout 120 "$program" --screenshot "$work/shot.png") > "$work/run.log" 2>&1; then
    cat "$work/run.log"
    fail "rollerball from the $label could not take a screenshot"
  elif ! "$pngtool" check "$work/shot.png" 320x240+; then
    fail "the screenshot of rollerball from the $label is blank or too small"
  elif ! board_colours; then
    fail "cannot read the square colours (.light and .dark) from $src/src/ui/kit/theme.c"
  elif ! "$pngtool" board "$work/shot.png" "$light" "$dark"; then
    fail "the screenshot of rollerball from the $label does not show the board"
  fi
}
