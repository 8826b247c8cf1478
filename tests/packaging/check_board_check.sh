#!/bin/sh
# The screenshot checks trust `rb_pngtool board` to tell the game's board
# from anything else, so it must: a drawn 7x7 board with its hole passes, and
# the same board with the squares' colours swapped, a board without a hole, a
# board of other colours and a blank picture all fail.
# usage: check_board_check.sh RB_PNGTOOL
set -u
pngtool=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/rb-board.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failures=0
light=238,216,180 dark=176,134,98

# board_svg FILE FIRST_COLOUR SECOND_COLOUR HOLE(0|1): a 7x7 board of 40px
# cells on a 20px margin, FIRST_COLOUR on the cells where row + column is
# even, the centre 3x3 cells black when HOLE is 1.
board_svg() {
  awk -v first="$2" -v second="$3" -v hole="$4" 'BEGIN {
    print "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"320\" height=\"320\" viewBox=\"0 0 320 320\">"
    print "<rect width=\"320\" height=\"320\" fill=\"rgb(38,36,33)\"/>"
    for (r = 0; r < 7; r++) for (c = 0; c < 7; c++) {
      fill = (r + c) % 2 == 0 ? first : second
      if (hole && r >= 2 && r <= 4 && c >= 2 && c <= 4) fill = "0,0,0"
      printf "<rect x=\"%d\" y=\"%d\" width=\"40\" height=\"40\" fill=\"rgb(%s)\"/>\n", 20 + 40 * c, 20 + 40 * r, fill
    }
    print "</svg>"
  }' > "$1"
}

# expect VERDICT(pass|fail) NAME FIRST SECOND HOLE
expect() {
  board_svg "$work/$2.svg" "$3" "$4" "$5"
  if ! "$pngtool" render "$work/$2.svg" 320 "$work/$2.png"; then
    echo "FAIL: cannot draw the $2 picture"
    failures=$((failures + 1))
    return
  fi
  if "$pngtool" board "$work/$2.png" "$light" "$dark" > "$work/$2.log" 2>&1; then got=pass; else got=fail; fi
  if [ "$got" != "$1" ]; then
    cat "$work/$2.log"
    echo "FAIL: the $2 picture should $1 the board check"
    failures=$((failures + 1))
  fi
}

expect pass board "$dark" "$light" 1
expect fail swapped_colours "$light" "$dark" 1
expect fail no_hole "$dark" "$light" 0
expect fail other_colours "120,120,120" "255,255,255" 1
expect fail blank "38,36,33" "38,36,33" 0

[ "$failures" -eq 0 ] || { echo "$failures board check case(s) went wrong"; exit 1; }
echo "the board check passes a board and refuses 4 wrong pictures"
