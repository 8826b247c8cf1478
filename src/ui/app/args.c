/*
 * args.c - the command line, parsed into rb_ui_options. Every mistake gets
 * a message naming the argument; the caller exits with code 2.
 */
#include "app/args.h"
#include "words/i18n.h"

#include <stdlib.h>
#include <string.h>

#include "rb_util_number.h"
#include "state/game_clock.h"

#include "media/assets.h"
#include "words/lang.h"
#include "kit/layout.h"
#include "rb_engine.h"
#include "files/settings.h"
#include "kit/theme.h"

void rb_ui_args_usage(FILE *out)
{
    /* TRANSLATORS: the --help text. Translate the descriptions only: the
       options, their values (human, computer, hint...) and FILE.pgn stay as
       they are, and keep the descriptions aligned in their column. */
    fputs(_("Usage: rollerball [FILE.pgn] [options]\n"
            "Play the chess variant Rollerball against a friend or the computer.\n"
            "\n"
            "  FILE.pgn                 open this game (the first if it holds several)\n"
            "  --fen STRING             start from this position\n"
            "  --white human|computer[:LEVEL]\n"
            "  --black human|computer[:LEVEL]\n"
            "                           who plays each side (LEVEL 1..10)\n"
            "  --flip                   Black at the bottom\n"),
          out);
    /* The names come from the tables, so a new theme or set is listed. */
    char keys[256];
    rb_ui_theme_keys(keys, sizeof keys);
    /* TRANSLATORS: the --help text goes on; %s is the list of theme names (classic, wood...) */
    fprintf(out,
            _("  --theme NAME             the board's colours (kept as the setting):\n"
              "                           %s\n"),
            keys);
    rb_ui_assets_set_keys(keys, sizeof keys);
    /* TRANSLATORS: the --help text goes on; %s is the list of piece sets (classic, geometric) */
    fprintf(out, _("  --pieces NAME            the piece set (kept as the setting): %s\n"), keys);
    /* TRANSLATORS: the --help text goes on, as its beginning */
    fputs(_("  --speak                  the spoken mode: the board by keyboard, read aloud\n"
            "  --speech-log FILE        the spoken mode, each announcement a line of FILE\n"
            "                           (- for standard error) instead of a voice\n"),
          out);
    /* TRANSLATORS: the rest of the --help text, as its beginning */
    fputs(_("  --learn CHAPTER.STAGE    open this lesson of Learn Rollerball (like 2.1)\n"
            "    --learn-hint           ...with its hint drawn\n"
            "    --analyse              open the analysis board on the game (with --screenshot:\n"
            "                           after the engine's first lines, at most 2 s)\n"
            "  --edit                   open the position editor on the game's position,\n"
            "                           or with --fen on that position string\n"
            "  --list-lessons           print the lessons, one line a stage, and exit\n"
            "  --size WxH               window size\n"
            "  --scale PCT              interface size, 100 to 200 (percent; the settings'\n"
            "                           otherwise); the least window grows with it\n"
            "  --screenshot FILE.png    draw one frame to FILE.png and exit (needs no display)\n"
            "    --select SQUARE        ...with the piece on SQUARE selected\n"
            "    --hover SQUARE         ...and the pointer over SQUARE\n"
            "    --show-hint            ...with the hint for the side to move shown\n"
            "    --show-threat          ...or the threat against it\n"
            "    --review               ...with the game reviewed first (its graph and marks)\n"
            "  --puzzle ID              open the puzzle trainer on puzzle ID (Ctrl+P in the game)\n"
            "    --puzzle-show hint|path|solution\n"
            "                           ...with the hinted piece, its path, or the solution shown\n"
            "  --list-puzzles           print the puzzles, one a line:\n"
            "                           ID, rating, themes, position, solution (tab-separated)\n"
            "  --bench-frame            time the first frame and later ones off screen\n"
            "                           (software renderer; with --size, --select, --hover)\n"
            "  --time-first-frame       print the time from start to the window's first\n"
            "                           frame on stderr\n"
            "  --host [PORT]            host a network game on PORT (default 47474; 0: any\n"
            "                           free port): the invite code is printed and shown\n"
            "    --bind ADDRESS         ...listening on this address only\n"
            "    --time-control M+S     ...M minutes each and S seconds a move\n"
            "  --join CODE              join the network game of this invite code\n"
            "  --name NAME              the name the other player sees\n"
            "  --lang CODE              the language: en, ru, fr, de, es or system (default: the\n"
            "                           settings' choice, else the system's)\n"
            "  --help                   show this and exit\n"
            "  --version                show the version and exit\n"
            "\n"
            "Environment: RB_DATA_DIR overrides the data folder; LANGUAGE, LC_ALL, LC_MESSAGES and LANG\n"
            "choose the language when neither --lang nor the settings do.\n"),
          out);
}

static int parse_player(const char *text, rb_ui_player *p)
{
    int level = 4;
    if (strcmp(text, "human") == 0) {
        p->kind = RB_UI_HUMAN;
        p->level = level;
        return 0;
    }
    if (strncmp(text, "computer", 8) != 0) {
        return -1;
    }
    if (text[8] == ':') {
        char *end;
        long l = strtol(text + 9, &end, 10);
        if (end == text + 9 || *end || l < RB_LEVEL_MIN || l > RB_LEVEL_MAX) {
            return -1;
        }
        level = (int)l;
    } else if (text[8]) {
        return -1;
    }
    p->kind = RB_UI_COMPUTER;
    p->level = level;
    return 0;
}

static int parse_size(const char *text, int *w, int *h)
{
    char *end;
    long lw = strtol(text, &end, 10);
    if (end == text || (*end != 'x' && *end != 'X')) {
        return -1;
    }
    const char *hs = end + 1;
    long lh = strtol(hs, &end, 10);
    if (end == hs || *end || lw < RB_UI_MIN_W || lh < RB_UI_MIN_H || lw > 16384 || lh > 16384) {
        return -1;
    }
    *w = (int)lw;
    *h = (int)lh;
    return 0;
}

int rb_ui_args_lang(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--lang") == 0) {
            return rb_ui_lang_find(argv[i + 1]);
        }
    }
    return -1;
}

rb_ui_args_result rb_ui_args_parse(int argc, char **argv, rb_ui_options *opt, char *err, size_t errlen)
{
    memset(opt, 0, sizeof *opt);
    opt->lang = -1;
    opt->net_port = 47474; /* the protocol's port (docs/network.md) */
    opt->players[0] = (rb_ui_player){RB_UI_HUMAN, 4};
    opt->players[1] = (rb_ui_player){RB_UI_HUMAN, 4};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes_value = strcmp(a, "--fen") == 0 || strcmp(a, "--white") == 0 || strcmp(a, "--black") == 0 ||
                           strcmp(a, "--size") == 0 || strcmp(a, "--scale") == 0 || strcmp(a, "--screenshot") == 0 ||
                           strcmp(a, "--select") == 0 || strcmp(a, "--hover") == 0 || strcmp(a, "--puzzle") == 0 ||
                           strcmp(a, "--puzzle-show") == 0 || strcmp(a, "--learn") == 0 || strcmp(a, "--theme") == 0 ||
                           strcmp(a, "--pieces") == 0 || strcmp(a, "--lang") == 0 || strcmp(a, "--speech-log") == 0 ||
                           strcmp(a, "--join") == 0 || strcmp(a, "--name") == 0 || strcmp(a, "--bind") == 0 ||
                           strcmp(a, "--time-control") == 0;
        if (takes_value && !v) {
            /* TRANSLATORS: %s is a command-line option, like --size */
            snprintf(err, errlen, _("%s needs a value"), a);
            return RB_UI_ARGS_ERROR;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            return RB_UI_ARGS_HELP;
        } else if (strcmp(a, "--version") == 0) {
            return RB_UI_ARGS_VERSION;
        } else if (strcmp(a, "--fen") == 0) {
            opt->fen = v;
        } else if (strcmp(a, "--white") == 0 || strcmp(a, "--black") == 0) {
            int c = a[2] == 'w' ? RB_WHITE : RB_BLACK;
            if (parse_player(v, &opt->players[c]) != 0) {
                snprintf(err, errlen, _("%s: '%s' is not human, computer or computer:LEVEL (LEVEL %d..%d)"), a, v,
                         RB_LEVEL_MIN, RB_LEVEL_MAX);
                return RB_UI_ARGS_ERROR;
            }
            opt->players_given[c] = true;
        } else if (strcmp(a, "--theme") == 0 || strcmp(a, "--pieces") == 0) {
            bool theme = a[2] == 't';
            if ((theme ? rb_ui_theme_find(v) : rb_ui_assets_find_set(v)) < 0) {
                char keys[256];
                if (theme) {
                    rb_ui_theme_keys(keys, sizeof keys);
                } else {
                    rb_ui_assets_set_keys(keys, sizeof keys);
                }
                /* TRANSLATORS: the option, the unknown name, the names there are. */
                snprintf(err, errlen, _("%s: there is no '%s' (choose one of %s)"), a, v, keys);
                return RB_UI_ARGS_ERROR;
            }
            *(theme ? &opt->theme : &opt->pieces) = v;
        } else if (strcmp(a, "--lang") == 0) {
            opt->lang = rb_ui_lang_find(v);
            if (opt->lang < 0) {
                /* TRANSLATORS: %s is what was given, then the codes the game knows: "en, ru, fr, de, es" */
                snprintf(err, errlen, _("--lang: '%s' is not a language of the game (%s, or system)"), v,
                         rb_ui_lang_codes());
                return RB_UI_ARGS_ERROR;
            }
        } else if (strcmp(a, "--host") == 0) {
            opt->net_host = true;
            int port;
            if (v == NULL || !rb_util_parse_int(v, 0, 65535, &port)) {
                continue; /* the port is optional */
            }
            opt->net_port = port;
        } else if (strcmp(a, "--join") == 0) {
            opt->net_join = v;
        } else if (strcmp(a, "--bind") == 0) {
            opt->net_bind = v;
        } else if (strcmp(a, "--name") == 0) {
            if (!v[0] || strlen(v) > 40) {
                /* TRANSLATORS: %s is the name given with --name */
                snprintf(err, errlen, _("--name: '%s' is empty or longer than 40 bytes"), v);
                return RB_UI_ARGS_ERROR;
            }
            opt->net_name = v;
        } else if (strcmp(a, "--time-control") == 0) {
            char why[200];
            rb_ui_time_control both[2];
            if (rb_ui_game_clock_parse_custom(v, both, why, sizeof why) != 0 || !rb_ui_tc_equal(both[0], both[1])) {
                if (!rb_ui_tc_equal(both[0], both[1])) {
                    snprintf(why, sizeof why, "%s", _("a network game gives both sides the same clock"));
                }
                snprintf(err, errlen, "--time-control: %s", why);
                return RB_UI_ARGS_ERROR;
            }
            opt->net_tc = both[0];
        } else if (strcmp(a, "--speech-log") == 0) {
            opt->speech_log = v;
        } else if (strcmp(a, "--speak") == 0) {
            opt->speak = true;
            continue;
        } else if (strcmp(a, "--learn") == 0) {
            opt->learn = v;
        } else if (strcmp(a, "--review") == 0) {
            opt->review = true;
            continue;
        } else if (strcmp(a, "--learn-hint") == 0) {
            opt->learn_hint = true;
            continue;
        } else if (strcmp(a, "--analyse") == 0) {
            opt->analyse = true;
            continue;
        } else if (strcmp(a, "--edit") == 0) {
            opt->edit = true;
            continue;
        } else if (strcmp(a, "--list-lessons") == 0) {
            opt->list_lessons = true;
            continue;
        } else if (strcmp(a, "--bench-frame") == 0) {
            opt->bench_frame = true;
            continue;
        } else if (strcmp(a, "--time-first-frame") == 0) {
            opt->time_first_frame = true;
            continue;
        } else if (strcmp(a, "--list-puzzles") == 0) {
            opt->list_puzzles = true;
            continue;
        } else if (strcmp(a, "--puzzle") == 0) {
            char *end;
            long id = strtol(v, &end, 10);
            if (end == v || *end || id <= 0 || id > 1000000000L) {
                snprintf(err, errlen, _("--puzzle: '%s' is not a puzzle ID (a positive number; see --list-puzzles)"),
                         v);
                return RB_UI_ARGS_ERROR;
            }
            opt->puzzle_id = (int)id;
        } else if (strcmp(a, "--puzzle-show") == 0) {
            if (strcmp(v, "hint") != 0 && strcmp(v, "path") != 0 && strcmp(v, "solution") != 0) {
                snprintf(err, errlen, _("--puzzle-show: '%s' is not hint, path or solution"), v);
                return RB_UI_ARGS_ERROR;
            }
            opt->puzzle_show = v;
        } else if (strcmp(a, "--show-hint") == 0 || strcmp(a, "--show-threat") == 0) {
            *(a[7] == 'h' ? &opt->show_hint : &opt->show_threat) = true;
            continue;
        } else if (strcmp(a, "--flip") == 0) {
            opt->flip = true;
            continue;
        } else if (strcmp(a, "--size") == 0) {
            if (parse_size(v, &opt->width, &opt->height) != 0) {
                snprintf(err, errlen, _("--size: '%s' is not WIDTHxHEIGHT (at least %dx%d)"), v, RB_UI_MIN_W,
                         RB_UI_MIN_H);
                return RB_UI_ARGS_ERROR;
            }
        } else if (strcmp(a, "--scale") == 0) {
            if (rb_ui_settings_parse_scale(v, &opt->scale_pct) != 0) {
                /* TRANSLATORS: what was given, then the least and the greatest interface size in percent */
                snprintf(err, errlen, _("--scale: '%s' is not an interface size from %d to %d (percent, like 150)"), v,
                         RB_UI_SCALE_MIN, RB_UI_SCALE_MAX);
                return RB_UI_ARGS_ERROR;
            }
        } else if (strcmp(a, "--screenshot") == 0) {
            opt->screenshot = v;
        } else if (strcmp(a, "--select") == 0 || strcmp(a, "--hover") == 0) {
            if (rb_sq_parse(v) < 0) {
                snprintf(err, errlen, _("%s: '%s' is not a square of the board"), a, v);
                return RB_UI_ARGS_ERROR;
            }
            if (a[2] == 's') {
                opt->select = v;
            } else {
                opt->hover = v;
            }
        } else if (a[0] == '-') {
            snprintf(err, errlen, _("unknown option '%s' (try --help)"), a);
            return RB_UI_ARGS_ERROR;
        } else {
            if (opt->pgn_file) {
                snprintf(err, errlen, _("only one game file, please ('%s' and '%s')"), opt->pgn_file, a);
                return RB_UI_ARGS_ERROR;
            }
            opt->pgn_file = a;
            continue;
        }
        i++; /* the value */
    }
    if ((opt->select || opt->hover) && !opt->screenshot && !opt->bench_frame) {
        snprintf(err, errlen, "%s", _("--select and --hover only go with --screenshot or --bench-frame"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->puzzle_show && !opt->puzzle_id) {
        snprintf(err, errlen, "%s", _("--puzzle-show goes with --puzzle ID"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->learn_hint && !opt->learn) {
        snprintf(err, errlen, "%s", _("--learn-hint goes with --learn CHAPTER.STAGE"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->analyse && (opt->learn || opt->puzzle_id)) {
        snprintf(err, errlen, "%s", _("--analyse opens the analysis board on the game: not with --learn or --puzzle"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->edit && (opt->learn || opt->puzzle_id || opt->analyse)) {
        snprintf(err, errlen, "%s", _("--edit opens the position editor: not with --learn, --puzzle or --analyse"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->learn && (opt->pgn_file || opt->fen)) {
        snprintf(err, errlen, "%s", _("--learn opens a lesson: give no game file or --fen with it"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->scale_pct && opt->width) {
        int least_w, least_h;
        rb_ui_layout_least_window(opt->scale_pct, 1.0f, 1.0f, &least_w, &least_h);
        if (opt->width < least_w || opt->height < least_h) {
            /* TRANSLATORS: --size WxH is smaller than the least window (WxH) at this interface size */
            snprintf(err, errlen, _("--size %dx%d is smaller than the least window at interface size %d%% (%dx%d)"),
                     opt->width, opt->height, opt->scale_pct, least_w, least_h);
            return RB_UI_ARGS_ERROR;
        }
    }
    if (opt->net_host && opt->net_join) {
        snprintf(err, errlen, "%s", _("give --host or --join CODE, not both"));
        return RB_UI_ARGS_ERROR;
    }
    if ((opt->net_bind || rb_ui_tc_timed(opt->net_tc)) && !opt->net_host) {
        snprintf(err, errlen, "%s", _("--bind and --time-control go with --host: the joiner takes the host's"));
        return RB_UI_ARGS_ERROR;
    }
    if ((opt->net_host || opt->net_join) && (opt->learn || opt->puzzle_id || opt->edit || opt->analyse)) {
        snprintf(err, errlen, "%s",
                 _("--host and --join play a network game: not with --learn, --puzzle, --edit or --analyse"));
        return RB_UI_ARGS_ERROR;
    }
    if (opt->pgn_file && opt->fen) {
        snprintf(err, errlen, "%s", _("give a game file or --fen, not both"));
        return RB_UI_ARGS_ERROR;
    }
    return RB_UI_ARGS_RUN;
}
