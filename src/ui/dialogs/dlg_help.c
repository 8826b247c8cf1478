/*
 * dlg_help.c - the help screen (F1): the rules taught a page at a time,
 * each beside a live diagram drawn by the board renderer itself.
 *
 * A page is data: a title, the text, a position string and the square whose
 * moves the diagram shows. The first page is the legend of the board's
 * symbols, each drawn by the board renderer (symbols.c). The moves and their bounce paths are asked of
 * the rules library, so the help can never teach a move the game refuses.
 */
#include "dialogs/dlg_help.h"
#include "words/i18n.h"

#include <stdio.h>
#include <string.h>

#include "board/render.h"
#include "words/speech_words.h"
#include "board/symbols.h"
#include "kit/text.h"
#include "kit/widget.h"

typedef struct help_page {
    const char *title;
    const char *text;
    const char *position; /* NULL: no diagram */
    const char *square;   /* whose moves to show, or NULL */
    bool spoken;          /* the spoken mode's keys in place of text */
} help_page;

static const help_page help_pages[DLG_HELP_PAGES] = {
    /* no text: the symbols' legend in place of text and diagram */
    {N_("What the board shows"), NULL, NULL, NULL, false},
    /* TRANSLATORS: the help pages' texts. Square names (b1, e6), keys (Ctrl+Z,
       Home, End) and moves (c2b3) stay as they are; "\n\n" starts a paragraph. */
    {N_("The board"),
     N_("Rollerball is played on a ring of 40 squares around a hole of nine. Nothing enters or jumps the hole.\n\n"
        "Everything turns clockwise: each square has a forward direction, shown by the faint arrows. "
        "White starts at the bottom and heads left, Black at the top and heads right.\n\n"
        "White moves first. Click a piece (or drag it) to see where it can go."),
     "2rbp2/2rkp2/2xxx2/2xxx2/2xxx2/2PKR2/2PBR2 w - 0 1", NULL, false},
    {N_("The king"),
     N_("The king steps one square in any direction, as in chess. It is the only piece that moves the same "
        "way everywhere.\n\n"
        "A move may never leave your own king attacked. Checkmate wins; having no move when not in check "
        "(stalemate) is a draw."),
     "6k/7/2xxx2/2xxx2/2xxx2/1K5/7 w - 0 1", "b2", false},
    {N_("The rook"),
     N_("The rook steps one square in any straight direction, or slides any distance forward.\n\n"
        "A forward slide that reaches an empty outer corner may turn there, once, and slide on: the bounce "
        "marked on its path. From b1, a6, f7 and g2 it may also slide sideways into the next side.\n\n"
        "A rook never slides backward."),
     "7/2k4/2xxxK1/2xxx2/2xxx2/7/6R w - 0 1", "g1", false},
    {N_("The bishop"),
     N_("The bishop slides forward along either forward diagonal, and may bounce once off the edge of the "
        "board or of the hole, like light off a mirror, then slide on.\n\n"
        "Backward it only steps one square diagonally."),
     "6k/7/2xxx2/2xxxK1/2xxx2/7/3B3 w - 0 1", "d1", false},
    {N_("The pawn"),
     N_("The pawn steps one square forward, straight or diagonally, and may capture on any of those three "
        "squares. It may also move diagonally without capturing.\n\n"
        "It never moves backward or sideways. As it follows the ring its forward direction turns with it."),
     "k6/7/2xxx2/2xxx2/2xxx2/2P3K/7 w - 0 1", "c2", false},
    {N_("The throne"),
     N_("A king also wins by reaching the enemy king's starting square, its throne (the star), having gone "
        "round clockwise. A king that left its start line the clockwise way carries an out flag.\n\n"
        "Here the White king has its flag: stepping to d6 wins at once."),
     "7/2K4/2xxx2/2xxx2/2xxxk1/7/7 w K 0 1", "c6", false},
    {N_("Promotion"),
     N_("A pawn that reaches the enemy pawns' starting squares must promote: White on e6 or e7, Black on "
        "c1 or c2. It becomes a rook or a bishop, your choice; a chooser appears on the board."),
     "3Pr2/3P3/2xxx2/1Kxxx1k/2xxx2/7/7 w - 0 1", "d6", false},
    {N_("Playing"),
     N_("Threefold repetition of a position is a draw. You may also resign, or offer a draw: the computer "
        "accepts only when it sees the game as level.\n\n"
        "Keys: type a move such as c2b3 and Enter. \u2190 \u2192 Home End browse the moves. Ctrl+Z undo, "
        "Ctrl+Y redo, Ctrl+F flip, Ctrl+N new game, Ctrl+S save, Ctrl+O open, Ctrl+E set up a position, "
        "Ctrl+, settings, F1 help, Ctrl+Q quit. H shows a hint (noted in the game record); hold T to see your opponent's threat.\n\n"
        "Saved games are PGN files; drop one on the window to open it."),
     NULL, NULL, false},
    /* the same words the spoken mode says when asked with ? */
    {N_("The spoken mode"), NULL, NULL, NULL, true},
};

void rb_ui_dlg_help_words(int page, char *buf, size_t len)
{
    if (page < 0 || page >= DLG_HELP_PAGES) {
        snprintf(buf, len, "%s", "");
        return;
    }
    const help_page *p = &help_pages[page];
    char spoken[RB_UI_SPEECH_HELP_MAX] = "";
    if (p->spoken) {
        rb_ui_speech_words_help(" ", spoken, sizeof spoken);
    }
    const char *text = p->spoken ? spoken : p->text ? _(p->text) : "";
    /* TRANSLATORS: the spoken mode, a help page: its number, title, then its text */
    int n = snprintf(buf, len, _("Page %d of %d: %s. "), page + 1, DLG_HELP_PAGES, _(p->title));
    for (const char *c = text; n >= 0 && (size_t)n + 1 < len && *c; c++) {
        buf[n++] = *c == '\n' ? ' ' : *c; /* paragraphs read on */
    }
    if (n >= 0 && (size_t)n < len) {
        buf[n] = 0;
    }
    for (size_t end = strlen(buf); end > 0 && buf[end - 1] == ' '; end--) {
        buf[end - 1] = 0; /* a page without text ends with its title */
    }
}

static void help_diagram(rb_app *app, const rb_ui_state *st, const help_page *page, SDL_Rect area)
{
    rb_pos pos;
    char err[200];
    if (!page->position || rb_pos_parse(&pos, page->position, err, sizeof err) != 0) {
        return;
    }
    rb_movelist list;
    list.count = 0;
    int sq = page->square ? rb_sq_parse(page->square) : -1;
    if (sq >= 0) {
        rb_gen_legal_from(&pos, sq, &list);
    }
    rb_ui_render_diagram(app, &st->settings, &pos, area, list.moves, list.count, true, sq);
}

void rb_ui_dlg_help_draw(rb_app *app, const rb_ui_state *st)
{
    const rb_ui_dialog_state *d = &st->dialog;
    const help_page *page = &help_pages[d->page];
    int px = rb_ui_widget_font_px(app), pad = rb_ui_dlg_pad(app);
    int ow = app->layout.out_w, oh = app->layout.out_h;
    int w = px * 54 < ow - pad ? px * 54 : ow - pad;
    int h = px * 34 < oh - pad ? px * 34 : oh - pad;
    SDL_Rect box = rb_ui_dlg_frame(app, w, h);
    char title[192];
    snprintf(title, sizeof title, "%s  (%d/%d)", _(page->title), d->page + 1, DLG_HELP_PAGES);
    int y = rb_ui_dlg_title(app, box, title);
    int bh = rb_ui_dlg_button_h(app);
    int bottom = box.y + box.h - pad - bh - pad / 2;

    /* Diagram to the left of the text when the box is wide, above when
     * it is tall; its size is a whole number of squares. */
    int avail_h = bottom - y;
    bool side = box.w >= box.h;
    int diag = side ? (box.w - 3 * pad) / 2 : box.w - 2 * pad;
    if (diag > avail_h) {
        diag = avail_h;
    }
    if (!side && diag > avail_h * 3 / 5) {
        diag = avail_h * 3 / 5;
    }
    diag -= diag % 7;
    SDL_Rect text_area;
    bool legend = !page->text && !page->spoken;
    char spoken[RB_UI_SPEECH_HELP_MAX];
    if (page->spoken) {
        rb_ui_speech_words_help("\n\n", spoken, sizeof spoken);
    }
    const char *text = page->spoken ? spoken : page->text ? _(page->text) : "";
    if (legend) {
        rb_ui_symbols_legend(app, st, (SDL_Rect){box.x + pad, y, box.w - 2 * pad, bottom - y});
        text_area = (SDL_Rect){box.x + pad, y, box.w - 2 * pad, bottom - y};
    } else if (!page->position) {
        text_area = (SDL_Rect){box.x + pad, y, box.w - 2 * pad, bottom - y};
    } else if (side) {
        help_diagram(app, st, page, (SDL_Rect){box.x + pad, y, diag, diag});
        text_area = (SDL_Rect){box.x + 2 * pad + diag, y, box.w - 3 * pad - diag, bottom - y};
    } else {
        help_diagram(app, st, page, (SDL_Rect){box.x + (box.w - diag) / 2, y, diag, diag});
        text_area = (SDL_Rect){box.x + pad, y + diag + pad / 2, box.w - 2 * pad, bottom - y - diag - pad / 2};
    }
    /* The text takes the largest size that fits its area. */
    int size = px;
    while (!legend && size > 9 && rb_ui_text_wrapped_height(app, text, size, false, text_area.w) > text_area.h) {
        size--;
    }
    if (!legend) {
        SDL_RenderSetClipRect(app->renderer, &text_area);
        rb_ui_text_draw_wrapped(app, text, size, false, app->theme->text, text_area.x, text_area.y, text_area.w);
        SDL_RenderSetClipRect(app->renderer, NULL);
    }

    /* Buttons: previous, next on the left; close on the right. */
    int bw = px * 7;
    int by = box.y + box.h - pad - bh;
    rb_ui_dlg_button(app, (SDL_Rect){box.x + pad, by, bw, bh}, _("\u25C0 Back"), DLG_PREV, d->page > 0, false);
    rb_ui_dlg_button(app, (SDL_Rect){box.x + pad + bw + pad / 2, by, bw, bh}, _("Next \u25B6"), DLG_NEXT,
                     d->page + 1 < DLG_HELP_PAGES, false);
    rb_ui_dlg_button(app, (SDL_Rect){box.x + box.w - pad - bw, by, bw, bh}, _("Close"), DLG_OK, true, true);
    rb_ui_dlg_button(app, (SDL_Rect){box.x + box.w - 2 * pad - 2 * bw, by, bw, bh}, _("Welcome"), DLG_WELCOME, true,
                     false);
}

void rb_ui_dlg_help_click(rb_ui_state *st, int id)
{
    rb_ui_dialog_state *d = &st->dialog;
    if (id == DLG_OK || id == DLG_CANCEL) {
        rb_ui_dlg_close(st);
    } else if (id == DLG_PREV && d->page > 0) {
        d->page--;
    } else if (id == DLG_NEXT && d->page + 1 < DLG_HELP_PAGES) {
        d->page++;
    }
}

void rb_ui_dlg_help_key(rb_ui_state *st, SDL_Keycode key)
{
    rb_ui_dialog_state *d = &st->dialog;
    switch (key) {
    case SDLK_ESCAPE:
    case SDLK_F1:
    case SDLK_RETURN: rb_ui_dlg_close(st); break;
    case SDLK_LEFT:
    case SDLK_PAGEUP:
        if (d->page > 0) {
            d->page--;
        }
        break;
    case SDLK_RIGHT:
    case SDLK_PAGEDOWN:
    case SDLK_SPACE:
        if (d->page + 1 < DLG_HELP_PAGES) {
            d->page++;
        }
        break;
    case SDLK_HOME: d->page = 0; break;
    case SDLK_END: d->page = DLG_HELP_PAGES - 1; break;
    default: break;
    }
}
