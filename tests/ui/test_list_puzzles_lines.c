/*
 * test_list_puzzles_lines.c - `rollerball --list-puzzles` prints one line
 * per shipped puzzle, ID<TAB>RATING<TAB>THEMES<TAB>POSITION<TAB>SOLUTION,
 * every field as a script would read it: the solution's moves, both
 * sides', in coordinate form, legal one after the other from the position.
 * And the command line's puzzle options refuse what they cannot use.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <stdlib.h>
#include <string.h>

#include "app/args.h"
#include "media/assets.h"
#include "rb_notation.h"
#include "rb_puzzle.h"
#include "screens/puzzles/trainer.h"

static void every_puzzle_is_one_line_of_five_fields(void **state)
{
    (void)state;
    char dir[RB_UI_PATH_MAX], err[RB_UI_PATH_MAX + 400];
    assert_int_equal(rb_ui_assets_data_dir(dir, sizeof dir, err, sizeof err), 0);
    FILE *out = tmpfile();
    assert_non_null(out);
    if (rb_ui_trainer_list(dir, out, err, sizeof err) != 0) {
        fail_msg("%s", err);
    }
    rewind(out);

    char line[1024];
    int count = 0, last_id = 0;
    while (fgets(line, sizeof line, out)) {
        size_t n = strlen(line);
        assert_true(n > 0 && line[n - 1] == '\n');
        line[n - 1] = 0;
        char *field[6] = {0};
        int nf = 0;
        for (char *p = line, *tab; nf < 6; p = tab + 1) {
            field[nf++] = p;
            tab = strchr(p, '\t');
            if (!tab) {
                break;
            }
            *tab = 0;
        }
        if (nf != 5) {
            fail_msg("line %d has %d fields", count + 1, nf);
        }
        char *end;
        long id = strtol(field[0], &end, 10);
        assert_true(*end == 0 && id > last_id); /* in file order, IDs rising */
        last_id = (int)id;
        long rating = strtol(field[1], &end, 10);
        assert_true(*end == 0 && rating >= RB_PUZZLE_RATING_MIN && rating <= RB_PUZZLE_RATING_MAX);
        /* The themes: known names, the kind of win first. */
        char themes[64];
        SDL_strlcpy(themes, field[2], sizeof themes);
        char *save = NULL;
        int k = 0;
        for (char *t = strtok_r(themes, ",", &save); t; t = strtok_r(NULL, ",", &save), k++) {
            unsigned bit = rb_puzzle_theme_parse(t);
            if (!bit) {
                fail_msg("puzzle %ld: theme '%s'", id, t);
            }
            assert_true(k > 0 || bit != RB_THEME_REBOUND);
        }
        assert_true(k >= 1);
        rb_pos pos;
        rb_test_parse(&pos, field[3]);
        /* The solution, both sides, plays out legally and ends with the
         * solver's move. */
        int moves = 0;
        int solver = pos.side;
        for (char *m = strtok_r(field[4], " ", &save); m; m = strtok_r(NULL, " ", &save), moves++) {
            rb_move mv;
            if (rb_move_parse_coord(&pos, m, &mv, err, sizeof err) != 0) {
                fail_msg("puzzle %ld move '%s': %s", id, m, err);
            }
            rb_pos_make(&pos, mv, &pos);
        }
        assert_true(moves % 2 == 1 && moves <= RB_PUZZLE_LINE_MAX);
        assert_int_equal(pos.side, solver ^ 1);
        count++;
    }
    fclose(out);
    assert_int_equal(count, 646);
}

static void puzzle_options_are_checked(void **state)
{
    (void)state;
    rb_ui_options opt;
    char err[400];
    char *ok[] = {"rollerball", "--puzzle", "12", "--puzzle-show", "solution", "--screenshot", "x.png"};
    assert_int_equal(rb_ui_args_parse(7, ok, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_int_equal(opt.puzzle_id, 12);
    assert_string_equal(opt.puzzle_show, "solution");
    char *list[] = {"rollerball", "--list-puzzles"};
    assert_int_equal(rb_ui_args_parse(2, list, &opt, err, sizeof err), RB_UI_ARGS_RUN);
    assert_true(opt.list_puzzles);
    char *bad_id[] = {"rollerball", "--puzzle", "twelve"};
    assert_int_equal(rb_ui_args_parse(3, bad_id, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "'twelve'"));
    char *bad_show[] = {"rollerball", "--puzzle", "3", "--puzzle-show", "all"};
    assert_int_equal(rb_ui_args_parse(5, bad_show, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "'all'"));
    char *alone[] = {"rollerball", "--puzzle-show", "hint"};
    assert_int_equal(rb_ui_args_parse(3, alone, &opt, err, sizeof err), RB_UI_ARGS_ERROR);
    assert_non_null(strstr(err, "--puzzle ID"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_puzzle_is_one_line_of_five_fields),
        cmocka_unit_test(puzzle_options_are_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
