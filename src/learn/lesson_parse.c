/*
 * lesson_parse.c - reading a chapter of lessons from its text file.
 *
 * The format (also in assets/lessons/README), one chapter per file:
 *
 *   # A line starting with '#' is a comment; blank lines are ignored.
 *   chapter: rook                   the chapter's id (a-z, 0-9, '-')
 *   title: The rook                 its title
 *   intro: Rooks run with the flow. a short introduction (optional)
 *
 *   stage: corner                   a stage starts; its id, unique in the file
 *   title: The corner rebound
 *   text: A rook that reaches an empty corner may turn there,
 *     clockwise, and slide on.      an indented line continues the field
 *   position: 7/3k3/2xxx2/2xxx2/2xxx2/7/4R1K w - 0 1
 *   goal: collect a4
 *   par: 1
 *   replies: pass                   optional, pass when left out
 *   solution: e1a4                  the person's moves, coordinate form
 *   hint: Slide west to the corner. optional words shown with the hint
 *
 * Fields are "key: value" at the start of a line. Every stage needs title,
 * text, position, goal, par and solution; a key may appear once per stage.
 *
 * position  a position string (RULES.md section 5); the side to move is the
 *           side the person plays.
 * goal      collect SQ,SQ,...   land on every starred square
 *           capture-all         take every enemy piece but the king
 *           mate N              give checkmate within N moves
 *           throne N            win by throne within N moves
 *           escape-check        get out of the check the position starts in
 *           promote [rook|bishop]  promote a pawn (to that piece, if named)
 *           safe-square SQ,...  move to one of these squares, the safe ones
 *           stalemate           reach stalemate (a defender's draw)
 *           repetition          draw by threefold repetition
 * par       moves for three stars (the person's moves only)
 * replies   pass                the other side does not move: after each move
 *                               the side to move simply flips back. Such
 *                               stages refuse a move that gives check, since
 *                               a side that never moves could not answer it.
 *           engine D            the computer at full strength, depth D (1..6):
 *                               deterministic, so a stage plays the same always
 *           script M M ...      one answer per move, coordinate form, '-' for a
 *                               pass; a move the script cannot answer is
 *                               refused as "not this lesson's way"
 * solution  the person's moves that finish the stage within par; the hint
 *           shows its next move and the check replays it.
 *
 * Text fields (title, intro, text, hint) are each one value, so a tool can
 * pull them out as messages for translation (a gettext catalogue made from
 * these files) without understanding the rest.
 *
 * The parser never trusts its input: any byte sequence gives either a
 * chapter or one message "file:line: problem", and never leaks.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_learn.h"

#define MAX_STAGES 64
#define MAX_FIELD 4096 /* longest value, continuations included */

typedef struct parser {
    const char *name;
    char *err;
    size_t errlen;
    int line;
} parser;

static int fail(parser *p, int line, const char *fmt, ...)
{
    if (p->err && p->errlen > 0) {
        char msg[RB_LEARN_ERROR_MAX];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        snprintf(p->err, p->errlen, "%s:%d: %s", p->name, line, msg);
        /* The message may quote the file: keep it printable. */
        for (char *c = p->err; *c; c++) {
            if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e) {
                *c = '?';
            }
        }
    }
    return -1;
}

static char *copy_text(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c) {
        memcpy(c, s, n);
    }
    return c;
}

static void stage_free(rb_learn_stage *st)
{
    free(st->title);
    free(st->text);
    free(st->hint);
    st->title = st->text = st->hint = NULL;
}

void rb_learn_chapter_free(rb_learn_chapter *c)
{
    if (c == NULL) {
        return;
    }
    for (int i = 0; i < c->nstages; i++) {
        stage_free(&c->stages[i]);
    }
    free(c->stages);
    free(c->title);
    free(c->intro);
    free(c->file);
    memset(c, 0, sizeof *c);
}

static bool valid_id(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n >= RB_LEARN_ID_MAX) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '-')) {
            return false;
        }
    }
    return true;
}

/* A whole number in lo..hi, written with digits only. */
static bool read_int(const char *s, int lo, int hi, int *out)
{
    if (*s == 0 || strlen(s) > 4) {
        return false;
    }
    int v = 0;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s)) {
            return false;
        }
        v = v * 10 + (*s - '0');
    }
    if (v < lo || v > hi) {
        return false;
    }
    *out = v;
    return true;
}

/* "a1,b2,c7" into a set; false on anything else. */
static bool read_squares(parser *p, int line, const char *s, rb_bb *out)
{
    rb_bb set = 0;
    const char *c = s;
    for (;;) {
        char sq[3] = {c[0], c[0] ? c[1] : 0, 0};
        int n = rb_sq_parse(sq);
        if (n < 0) {
            fail(p, line,
                 "'%.8s' is not a square of the board (squares are a1..g7 outside the hole, separated by commas)", c);
            return false;
        }
        set |= (rb_bb)1 << n;
        c += 2;
        if (*c == 0) {
            break;
        }
        if (*c != ',') {
            fail(p, line, "squares are separated by commas, without spaces: '%s'", s);
            return false;
        }
        c++;
    }
    *out = set;
    return true;
}

static int parse_goal(parser *p, int line, const char *v, rb_learn_goal *g)
{
    memset(g, 0, sizeof *g);
    const char *arg = strchr(v, ' ');
    size_t klen = arg ? (size_t)(arg - v) : strlen(v);
    if (arg) {
        arg++;
    }
    static const char *const names[RB_GOAL_KINDS] = {"collect", "capture-all", "mate",      "throne",    "escape-check",
                                                     "promote", "safe-square", "stalemate", "repetition"};
    int kind = -1;
    for (int k = 0; k < RB_GOAL_KINDS; k++) {
        if (strlen(names[k]) == klen && strncmp(v, names[k], klen) == 0) {
            kind = k;
        }
    }
    if (kind < 0) {
        return fail(p, line,
                    "unknown goal '%.*s': expected collect, capture-all, mate, throne, escape-check, "
                    "promote, safe-square, stalemate or repetition",
                    (int)(klen > 40 ? 40 : klen), v);
    }
    g->kind = (rb_learn_goal_kind)kind;
    switch (g->kind) {
    case RB_GOAL_COLLECT:
    case RB_GOAL_SAFE_SQUARE:
        if (!arg) {
            return fail(p, line, "goal %s needs its squares, like '%s a1,b2'", names[kind], names[kind]);
        }
        if (!read_squares(p, line, arg, &g->squares)) {
            return -1;
        }
        return 0;
    case RB_GOAL_MATE:
    case RB_GOAL_THRONE:
        if (!arg || !read_int(arg, 1, RB_LEARN_MOVES_MAX, &g->limit)) {
            return fail(p, line, "goal %s needs a number of moves from 1 to %d, like '%s 2'", names[kind],
                        RB_LEARN_MOVES_MAX, names[kind]);
        }
        return 0;
    case RB_GOAL_PROMOTE:
        if (!arg) {
            return 0;
        }
        if (strcmp(arg, "rook") == 0) {
            g->promo = RB_ROOK;
        } else if (strcmp(arg, "bishop") == 0) {
            g->promo = RB_BISHOP;
        } else {
            return fail(p, line, "a pawn promotes to a rook or a bishop, not '%.20s'", arg);
        }
        return 0;
    default:
        if (arg) {
            return fail(p, line, "goal %s takes nothing after it", names[kind]);
        }
        return 0;
    }
}

/* One move in coordinate form ("c2b3", "d6e6r"), or "-" for a pass when
 * passes are allowed. */
static bool read_move(const char *w, size_t n, bool allow_pass, rb_learn_move *m)
{
    if (allow_pass && n == 1 && w[0] == '-') {
        m->from = m->to = -1;
        m->promo = 0;
        return true;
    }
    if (n != 4 && n != 5) {
        return false;
    }
    char a[3] = {w[0], w[1], 0}, b[3] = {w[2], w[3], 0};
    int from = rb_sq_parse(a), to = rb_sq_parse(b);
    if (from < 0 || to < 0) {
        return false;
    }
    int promo = 0;
    if (n == 5) {
        if (w[4] == 'r') {
            promo = RB_ROOK;
        } else if (w[4] == 'b') {
            promo = RB_BISHOP;
        } else {
            return false;
        }
    }
    m->from = (int8_t)from;
    m->to = (int8_t)to;
    m->promo = (int8_t)promo;
    return true;
}

static int parse_moves(parser *p, int line, const char *v, bool allow_pass, rb_learn_move *out, int *count)
{
    int n = 0;
    const char *c = v;
    while (*c) {
        while (*c == ' ') {
            c++;
        }
        if (*c == 0) {
            break;
        }
        const char *w = c;
        while (*c && *c != ' ') {
            c++;
        }
        if (n == RB_LEARN_MOVES_MAX) {
            return fail(p, line, "more than %d moves", RB_LEARN_MOVES_MAX);
        }
        if (!read_move(w, (size_t)(c - w), allow_pass, &out[n])) {
            return fail(p, line,
                        "'%.*s' is not a move in coordinate form (two squares and an optional r or b, "
                        "like c2b3 or d6e6r%s)",
                        (int)((c - w) > 12 ? 12 : (c - w)), w, allow_pass ? ", or - for a pass" : "");
        }
        n++;
    }
    if (n == 0) {
        return fail(p, line, "no moves given");
    }
    *count = n;
    return 0;
}

static int parse_replies(parser *p, int line, const char *v, rb_learn_stage *st)
{
    if (strcmp(v, "pass") == 0) {
        st->replies = RB_REPLY_PASS;
        return 0;
    }
    if (strncmp(v, "engine ", 7) == 0) {
        if (!read_int(v + 7, 1, 6, &st->depth)) {
            return fail(p, line, "replies: engine needs a depth from 1 to 6, like 'engine 2'");
        }
        st->replies = RB_REPLY_ENGINE;
        return 0;
    }
    if (strncmp(v, "script ", 7) == 0) {
        st->replies = RB_REPLY_SCRIPT;
        return parse_moves(p, line, v + 7, true, st->script, &st->nscript);
    }
    return fail(p, line, "replies are 'pass', 'engine DEPTH' or 'script MOVE MOVE ...', not '%.30s'", v);
}

/* ---- lines and fields ------------------------------------------------------- */

enum field {
    F_CHAPTER,
    F_TITLE,
    F_INTRO,
    F_STAGE,
    F_TEXT,
    F_POSITION,
    F_GOAL,
    F_PAR,
    F_REPLIES,
    F_SOLUTION,
    F_HINT,
    F_COUNT
};
static const char *const field_names[F_COUNT] = {"chapter", "title", "intro",   "stage",    "text", "position",
                                                 "goal",    "par",   "replies", "solution", "hint"};

typedef struct pending {
    int field; /* the field being read, -1 for none */
    int line;  /* where it started */
    char value[MAX_FIELD];
    size_t len;
} pending;

typedef struct state {
    parser *p;
    bool verify;
    rb_learn_chapter *c;
    rb_learn_stage *st; /* the stage being read, or NULL in the chapter's header */
    int seen[F_COUNT];  /* line each field was given on, in the current block */
    pending f;
} state;

/* Stores a finished field's value in the chapter or the stage. */
static int store(state *s)
{
    parser *p = s->p;
    pending *f = &s->f;
    int line = f->line;
    const char *v = f->value;
    if (f->field < 0) {
        return 0;
    }
    int field = f->field;
    f->field = -1;
    if (*v == 0) {
        return fail(p, line, "%s: the value is empty", field_names[field]);
    }
    rb_learn_chapter *c = s->c;
    rb_learn_stage *st = s->st;
    char **text = NULL;
    switch (field) {
    case F_CHAPTER:
        if (!valid_id(v)) {
            return fail(p, line, "chapter id '%.40s' must be 1 to 31 of a-z, 0-9 and '-'", v);
        }
        strcpy(c->id, v);
        return 0;
    case F_STAGE:
        if (!valid_id(v)) {
            return fail(p, line, "stage id '%.40s' must be 1 to 31 of a-z, 0-9 and '-'", v);
        }
        for (int i = 0; i + 1 < c->nstages; i++) {
            if (strcmp(c->stages[i].id, v) == 0) {
                return fail(p, line, "stage id '%s' is used twice in this chapter (first on line %d)", v,
                            c->stages[i].line);
            }
        }
        strcpy(st->id, v);
        return 0;
    case F_TITLE: text = st ? &st->title : &c->title; break;
    case F_INTRO: text = &c->intro; break;
    case F_TEXT: text = &st->text; break;
    case F_HINT: text = &st->hint; break;
    case F_POSITION: {
        char why[160];
        if (strlen(v) >= RB_POS_TEXT_MAX) {
            return fail(p, line, "position: too long for a position string");
        }
        if (rb_pos_parse(&st->start, v, why, sizeof why) != 0) {
            return fail(p, line, "position: %s", why);
        }
        strcpy(st->position, v);
        return 0;
    }
    case F_GOAL: return parse_goal(p, line, v, &st->goal);
    case F_PAR:
        if (!read_int(v, 1, RB_LEARN_MOVES_MAX, &st->par)) {
            return fail(p, line, "par must be a number of moves from 1 to %d, not '%.20s'", RB_LEARN_MOVES_MAX, v);
        }
        return 0;
    case F_REPLIES: return parse_replies(p, line, v, st);
    case F_SOLUTION: st->solution_line = line; return parse_moves(p, line, v, false, st->solution, &st->nsolution);
    default: return 0;
    }
    *text = copy_text(v);
    return *text ? 0 : fail(p, line, "out of memory");
}

static const int stage_required[] = {F_TITLE, F_TEXT, F_POSITION, F_GOAL, F_PAR, F_SOLUTION};

/* A stage is complete: check what needs all its fields together. */
static int close_stage(state *s)
{
    parser *p = s->p;
    rb_learn_stage *st = s->st;
    if (st == NULL) {
        return 0;
    }
    for (size_t i = 0; i < sizeof stage_required / sizeof stage_required[0]; i++) {
        if (!s->seen[stage_required[i]]) {
            return fail(p, st->line, "stage '%s' has no %s", st->id, field_names[stage_required[i]]);
        }
    }
    if (st->nsolution > st->par) {
        return fail(p, st->solution_line, "stage '%s': the solution has %d moves, more than its par of %d", st->id,
                    st->nsolution, st->par);
    }
    if (s->verify) {
        char why[RB_LEARN_ERROR_MAX];
        if (rb_learn_verify_stage(st, why, sizeof why) != 0) {
            return fail(p, st->solution_line, "stage '%s': %s", st->id, why);
        }
    }
    return 0;
}

static int start_field(state *s, int field, const char *value, size_t vlen, int line)
{
    parser *p = s->p;
    if (store(s) != 0) {
        return -1;
    }
    if (field == F_STAGE) {
        if (close_stage(s) != 0) {
            return -1;
        }
        if (!s->c->id[0]) {
            return fail(p, line, "the file must start with 'chapter: ID' before its first stage");
        }
        if (!s->c->title) {
            return fail(p, line, "the chapter needs a title before its first stage");
        }
        if (s->c->nstages == MAX_STAGES) {
            return fail(p, line, "more than %d stages in one chapter", MAX_STAGES);
        }
        if (s->c->stages == NULL) {
            s->c->stages = calloc(MAX_STAGES, sizeof *s->c->stages);
            if (s->c->stages == NULL) {
                return fail(p, line, "out of memory");
            }
        }
        s->st = &s->c->stages[s->c->nstages++];
        s->st->line = line;
        memset(s->seen, 0, sizeof s->seen);
    } else if (s->st == NULL) {
        if (field != F_CHAPTER && field != F_TITLE && field != F_INTRO) {
            return fail(p, line, "'%s' belongs to a stage: start one with 'stage: ID' first", field_names[field]);
        }
    } else if (field == F_CHAPTER || field == F_INTRO) {
        return fail(p, line, "'%s' belongs at the top of the file, before the first stage", field_names[field]);
    }
    if (s->seen[field]) {
        return fail(p, line, "'%s' is given twice (first on line %d)", field_names[field], s->seen[field]);
    }
    s->seen[field] = line;
    if (vlen >= MAX_FIELD) {
        return fail(p, line, "the value is longer than %d characters", MAX_FIELD - 1);
    }
    s->f.field = field;
    s->f.line = line;
    memcpy(s->f.value, value, vlen);
    s->f.len = vlen;
    s->f.value[vlen] = 0;
    return 0;
}

static int continue_field(state *s, const char *value, size_t vlen, int line)
{
    pending *f = &s->f;
    if (f->field < 0) {
        return fail(s->p, line, "an indented line continues a field, but there is none to continue");
    }
    if (f->len + 1 + vlen >= MAX_FIELD) {
        return fail(s->p, line, "the value is longer than %d characters", MAX_FIELD - 1);
    }
    if (f->len > 0) {
        f->value[f->len++] = ' ';
    }
    memcpy(f->value + f->len, value, vlen);
    f->len += vlen;
    f->value[f->len] = 0;
    return 0;
}

static void trim(const char **b, const char **e)
{
    while (*b < *e && (**b == ' ' || **b == '\t')) {
        (*b)++;
    }
    while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r')) {
        (*e)--;
    }
}

static int parse_line(state *s, const char *b, const char *e, int line)
{
    parser *p = s->p;
    for (const char *c = b; c < e; c++) {
        if (*c == 0 || ((unsigned char)*c < 0x20 && *c != '\t' && *c != '\r')) {
            return fail(p, line, "a control character (0x%02x) in the text", (unsigned char)*c);
        }
    }
    const char *tb = b, *te = e;
    trim(&tb, &te);
    if (tb == te) {
        /* A blank line ends a field: nothing may continue it after that. */
        return store(s);
    }
    if (*tb == '#') {
        return 0;
    }
    if (b[0] == ' ' || b[0] == '\t') {
        return continue_field(s, tb, (size_t)(te - tb), line);
    }
    const char *colon = memchr(b, ':', (size_t)(e - b));
    if (colon == NULL) {
        return fail(p, line, "expected 'key: value', found '%.*s'", (int)(e - b > 30 ? 30 : e - b), b);
    }
    size_t klen = (size_t)(colon - b);
    int field = -1;
    for (int k = 0; k < F_COUNT; k++) {
        if (strlen(field_names[k]) == klen && strncmp(b, field_names[k], klen) == 0) {
            field = k;
        }
    }
    if (field < 0) {
        return fail(p, line, "unknown key '%.*s'", (int)(klen > 30 ? 30 : klen), b);
    }
    const char *vb = colon + 1, *ve = e;
    trim(&vb, &ve);
    return start_field(s, field, vb, (size_t)(ve - vb), line);
}

int rb_learn_parse_chapter(const char *text, size_t len, const char *name, bool verify, rb_learn_chapter *chapter,
                           char *err, size_t errlen)
{
    parser p = {name ? name : "(lessons)", err, errlen, 0};
    state *s = calloc(1, sizeof *s);
    rb_learn_chapter c;
    memset(&c, 0, sizeof c);
    if (s == NULL) {
        return fail(&p, 0, "out of memory");
    }
    s->p = &p;
    s->verify = verify;
    s->c = &c;
    s->f.field = -1;
    int rc = 0;
    const char *cur = text, *end = text + len;
    int line = 0;
    while (rc == 0 && cur < end) {
        const char *nl = memchr(cur, '\n', (size_t)(end - cur));
        const char *e = nl ? nl : end;
        line++;
        rc = parse_line(s, cur, e, line);
        cur = nl ? nl + 1 : end;
    }
    if (rc == 0) {
        rc = store(s);
    }
    if (rc == 0) {
        rc = close_stage(s);
    }
    if (rc == 0 && !c.id[0]) {
        rc = fail(&p, line, "no 'chapter: ID' line");
    }
    if (rc == 0 && !c.title) {
        rc = fail(&p, line, "the chapter has no title");
    }
    if (rc == 0 && c.nstages == 0) {
        rc = fail(&p, line, "the chapter has no stages");
    }
    if (rc == 0) {
        c.file = copy_text(p.name);
        if (c.file == NULL) {
            rc = fail(&p, line, "out of memory");
        }
    }
    free(s);
    if (rc != 0) {
        rb_learn_chapter_free(&c);
        return -1;
    }
    *chapter = c;
    return 0;
}
