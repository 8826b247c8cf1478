/*
 * test_links_point_at_files.c - every relative link and picture of
 * README.md and of the Markdown files under docs/ points at a file that
 * exists, and every link to a heading (`page.md#anchor`, `#anchor`) at a
 * heading that page has.
 *
 * The documentation is split over several pages that link to each other
 * and to files of the tree, and pages and files move: a link that points
 * nowhere is found here, not by a reader. Links into the web (http, https,
 * mailto) are not followed, and neither is anything in code: a fenced or
 * indented code block, or a code span, where a path is an example rather
 * than a link. Anchors follow GitHub's rule for a heading's id: the text
 * as read (code marks and emphasis gone), lower case, each space a '-',
 * every punctuation mark but '-' and '_' dropped, and "-1", "-2"... after
 * a heading that comes again.
 *
 * The checker is written small enough to be tested on pages made up here,
 * so the test proves it tells a broken link from a good one before it
 * trusts the verdict on the real pages.
 */
#define _POSIX_C_SOURCE 200809L

#include "support.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* --- A growing list of strings ------------------------------------------ */

typedef struct strlist {
    char **items;
    size_t count, cap;
} strlist;

static void strlist_add(strlist *l, const char *s)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->items = realloc(l->items, l->cap * sizeof l->items[0]);
        assert_non_null(l->items);
    }
    l->items[l->count] = strdup(s);
    assert_non_null(l->items[l->count]);
    l->count++;
}

static bool strlist_has(const strlist *l, const char *s)
{
    for (size_t i = 0; i < l->count; i++) {
        if (strcmp(l->items[i], s) == 0) {
            return true;
        }
    }
    return false;
}

static void strlist_free(strlist *l)
{
    for (size_t i = 0; i < l->count; i++) {
        free(l->items[i]);
    }
    free(l->items);
    *l = (strlist){0};
}

/* --- Files --------------------------------------------------------------- */

/* The whole file, NUL-terminated, or NULL when it cannot be read. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    size_t n;
    while ((n = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (cap - len < 2) {
            cap *= 2;
            text = realloc(text, cap);
            assert_non_null(text);
        }
    }
    fclose(f);
    text[len] = '\0';
    return text;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

/* a/b, and the test fails rather than cut a path short. */
static void join_path(char *out, size_t cap, const char *a, const char *b)
{
    int n = snprintf(out, cap, "%s/%s", a, b);
    assert_true(n > 0 && (size_t)n < cap);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static bool is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* Every .md file under dir (a path relative to root), added as relative
 * paths, in the order the folder lists them. */
static void collect_markdown(const char *root, const char *dir, strlist *out)
{
    char path[4096];
    join_path(path, sizeof path, root, dir);
    DIR *d = opendir(path);
    if (!d) {
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') {
            continue;
        }
        char rel[4096];
        join_path(rel, sizeof rel, dir, e->d_name);
        join_path(path, sizeof path, root, rel);
        if (is_directory(path)) {
            collect_markdown(root, rel, out);
        } else if (ends_with(rel, ".md")) {
            strlist_add(out, rel);
        }
    }
    closedir(d);
}

/* --- Reading Markdown ---------------------------------------------------- */

/* What the reader found, handed to the caller line by line. A link's
 * target is as written; a heading's text is the line without its marks. */
typedef struct md_events {
    void (*heading)(const char *text, void *user);
    void (*link)(const char *target, int line, void *user);
    void *user;
} md_events;

static size_t leading_spaces(const char *line)
{
    size_t n = 0;
    while (line[n] == ' ') {
        n++;
    }
    return n;
}

static bool is_blank(const char *line)
{
    for (; *line; line++) {
        if (!isspace((unsigned char)*line)) {
            return false;
        }
    }
    return true;
}

/* A fence opens or closes a fenced code block: three or more backticks or
 * tildes after at most three spaces. Its character and length are
 * returned, 0 when the line is not a fence. */
static size_t fence_of(const char *line, char *mark)
{
    size_t indent = leading_spaces(line);
    if (indent > 3) {
        return 0;
    }
    char c = line[indent];
    if (c != '`' && c != '~') {
        return 0;
    }
    size_t n = 0;
    while (line[indent + n] == c) {
        n++;
    }
    if (n < 3) {
        return 0;
    }
    *mark = c;
    return n;
}

/* Blanks out the code spans of a line (a run of N backticks up to the next
 * run of exactly N), so no link is seen inside one. A span may go on over
 * lines within a paragraph: *open is the length of the run that opened the
 * span still open at the end of the line, 0 when none is. */
static void blank_code_spans(char *line, size_t *open)
{
    size_t i = 0;
    while (line[i]) {
        if (*open == 0 && line[i] == '\\' && line[i + 1]) {
            i += 2;
            continue;
        }
        if (line[i] != '`') {
            if (*open) {
                line[i] = ' ';
            }
            i++;
            continue;
        }
        size_t start = i, n = 0;
        while (line[i] == '`') {
            n++;
            i++;
        }
        if (*open == 0) {
            *open = n;
        } else if (n == *open) {
            *open = 0;
        }
        memset(line + start, ' ', n);
    }
}

/* The target of each inline link or picture, "[text](target)" or
 * "![alt](target)", written as it stands or between < and >; a title after
 * it is left out. */
static void find_inline_links(const char *line, int line_no, const md_events *ev)
{
    for (const char *p = strstr(line, "]("); p; p = strstr(p + 1, "](")) {
        const char *t = p + 2;
        while (*t == ' ') {
            t++;
        }
        char target[2048];
        size_t n = 0;
        if (*t == '<') {
            t++;
            while (*t && *t != '>' && n + 1 < sizeof target) {
                target[n++] = *t++;
            }
        } else {
            int depth = 0;
            while (*t && !isspace((unsigned char)*t) && n + 1 < sizeof target) {
                if (*t == '(') {
                    depth++;
                } else if (*t == ')') {
                    if (depth == 0) {
                        break;
                    }
                    depth--;
                }
                target[n++] = *t++;
            }
        }
        target[n] = '\0';
        if (n > 0) {
            ev->link(target, line_no, ev->user);
        }
    }
}

/* A reference definition, "[name]: target", is a link too. */
static void find_reference_definition(const char *line, int line_no, const md_events *ev)
{
    const char *p = line + leading_spaces(line);
    if (leading_spaces(line) > 3 || *p != '[') {
        return;
    }
    const char *close = strstr(p, "]:");
    if (!close || close == p + 1) {
        return;
    }
    const char *t = close + 2;
    while (*t == ' ') {
        t++;
    }
    char target[2048];
    size_t n = 0;
    while (*t && !isspace((unsigned char)*t) && n + 1 < sizeof target) {
        target[n++] = *t++;
    }
    target[n] = '\0';
    if (n > 0) {
        ev->link(target, line_no, ev->user);
    }
}

/* An ATX heading's text ("## Text ##" gives "Text"), or NULL. */
static const char *atx_heading(char *line)
{
    size_t indent = leading_spaces(line);
    if (indent > 3 || line[indent] != '#') {
        return NULL;
    }
    size_t level = 0;
    while (line[indent + level] == '#') {
        level++;
    }
    char after = line[indent + level];
    if (level > 6 || (after != ' ' && after != '\t' && after != '\0')) {
        return NULL;
    }
    char *text = line + indent + level;
    while (*text == ' ' || *text == '\t') {
        text++;
    }
    size_t len = strlen(text);
    while (len > 0 && isspace((unsigned char)text[len - 1])) {
        text[--len] = '\0';
    }
    /* A closing run of '#' goes when a space stands before it. */
    size_t end = len;
    while (end > 0 && text[end - 1] == '#') {
        end--;
    }
    if (end < len && (end == 0 || text[end - 1] == ' ')) {
        while (end > 0 && text[end - 1] == ' ') {
            end--;
        }
        text[end] = '\0';
    }
    return text;
}

/* A setext heading's underline: only '=' or only '-' after at most three
 * spaces. */
static bool is_setext_underline(const char *line)
{
    const char *p = line + leading_spaces(line);
    if (leading_spaces(line) > 3 || (*p != '=' && *p != '-')) {
        return false;
    }
    char c = *p;
    while (*p == c) {
        p++;
    }
    while (*p == ' ') {
        p++;
    }
    return *p == '\0';
}

/* Reads a Markdown text line by line and reports its headings and links,
 * passing over fenced and indented code blocks and code spans. */
static void read_markdown(const char *text, const md_events *ev)
{
    char *copy = strdup(text);
    assert_non_null(copy);
    char fence_mark = 0;
    size_t fence_len = 0; /* the open fence's length, 0 outside one */
    size_t span_open = 0; /* a code span going on from the line above */
    bool prev_blank = true, prev_indented_code = false;
    char prev_text[1024] = ""; /* the paragraph line above, for setext */
    int line_no = 0;
    char *save = NULL;
    for (char *line = copy; line; line = save) {
        char *nl = strchr(line, '\n');
        save = nl ? nl + 1 : NULL;
        if (nl) {
            *nl = '\0';
        }
        size_t len = strlen(line);
        if (len > 0 && line[len - 1] == '\r') {
            line[len - 1] = '\0';
        }
        line_no++;
        if (!save && *line == '\0') {
            break;
        }

        char mark;
        size_t n = fence_of(line, &mark);
        if (fence_len) {
            if (n >= fence_len && mark == fence_mark && is_blank(line + leading_spaces(line) + n)) {
                fence_len = 0;
            }
            continue;
        }
        if (n) {
            fence_mark = mark;
            fence_len = n;
            prev_blank = false;
            prev_indented_code = false;
            prev_text[0] = '\0';
            continue;
        }
        if (is_blank(line)) {
            prev_blank = true;
            prev_indented_code = false;
            prev_text[0] = '\0';
            span_open = 0;
            continue;
        }
        bool indented = line[0] == '\t' || leading_spaces(line) >= 4;
        if (indented && (prev_blank || prev_indented_code) && span_open == 0) {
            prev_blank = false;
            prev_indented_code = true;
            continue;
        }
        prev_blank = false;
        prev_indented_code = false;

        const char *heading = atx_heading(line);
        if (heading) {
            span_open = 0;
            ev->heading(heading, ev->user);
        } else if (prev_text[0] && is_setext_underline(line)) {
            ev->heading(prev_text, ev->user);
            prev_text[0] = '\0';
            continue;
        }
        if (!heading) {
            snprintf(prev_text, sizeof prev_text, "%s", line + leading_spaces(line));
        } else {
            prev_text[0] = '\0';
        }
        blank_code_spans(line, &span_open);
        find_reference_definition(line, line_no, ev);
        find_inline_links(line, line_no, ev);
    }
    free(copy);
}

/* --- Anchors --------------------------------------------------------------- */

/* GitHub's id for a heading: its text as read (code marks, emphasis marks
 * and link targets gone), in lower case, spaces as '-', and every other
 * character that is not a letter, a digit, '-' or '_' dropped. Bytes of
 * other scripts (UTF-8) are kept, as GitHub keeps letters of any script. */
static void slugify(const char *heading, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = heading; *p && n + 1 < cap; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ']' && p[1] == '(') {
            /* "[text](target)": the text is kept, the target goes. */
            const char *close = strchr(p, ')');
            if (close) {
                p = close;
            }
            continue;
        }
        if (c >= 0x80 || isalnum(c) || c == '-' || c == '_') {
            out[n++] = (char)(c < 0x80 ? tolower(c) : c);
        } else if (c == ' ') {
            out[n++] = '-';
        }
    }
    out[n] = '\0';
}

/* The ids of every heading of a text, with "-1", "-2"... for repeats. */
typedef struct anchors {
    strlist ids;
    strlist seen; /* each heading's plain id, once per time it came */
} anchors;

static void add_heading(const char *text, void *user)
{
    anchors *a = user;
    char id[1024], numbered[1100];
    slugify(text, id, sizeof id);
    size_t times = 0;
    for (size_t i = 0; i < a->seen.count; i++) {
        if (strcmp(a->seen.items[i], id) == 0) {
            times++;
        }
    }
    strlist_add(&a->seen, id);
    if (times == 0) {
        strlist_add(&a->ids, id);
    } else {
        snprintf(numbered, sizeof numbered, "%s-%zu", id, times);
        strlist_add(&a->ids, numbered);
    }
}

static void ignore_heading(const char *text, void *user)
{
    (void)text;
    (void)user;
}

static void ignore_link(const char *target, int line, void *user)
{
    (void)target;
    (void)line;
    (void)user;
}

static void anchors_of(const char *text, strlist *ids)
{
    anchors a = {0};
    md_events ev = {add_heading, ignore_link, &a};
    read_markdown(text, &ev);
    strlist_free(&a.seen);
    *ids = a.ids;
}

/* --- Checking one page ----------------------------------------------------- */

typedef struct checking {
    const char *root; /* the tree the paths are in */
    const char *page; /* the page read, relative to root */
    strlist problems; /* "page:line: ..." for every link that fails */
} checking;

static bool starts_with(const char *s, const char *head)
{
    return strncmp(s, head, strlen(head)) == 0;
}

/* %XX in a link's path is the byte it names. */
static void percent_decode(char *s)
{
    char *w = s;
    for (const char *r = s; *r; r++) {
        if (r[0] == '%' && isxdigit((unsigned char)r[1]) && isxdigit((unsigned char)r[2])) {
            char hex[3] = {r[1], r[2], '\0'};
            *w++ = (char)strtol(hex, NULL, 16);
            r += 2;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
}

static void problem(checking *c, int line, const char *target, const char *why)
{
    char text[4096];
    snprintf(text, sizeof text, "%s:%d: link to '%s': %s", c->page, line, target, why);
    strlist_add(&c->problems, text);
}

static void check_link(const char *target, int line, void *user)
{
    checking *c = user;
    if (starts_with(target, "http://") || starts_with(target, "https://") || starts_with(target, "mailto:")) {
        return;
    }
    char path[2048];
    snprintf(path, sizeof path, "%s", target);
    char *hash = strchr(path, '#');
    const char *anchor = NULL;
    if (hash) {
        *hash = '\0';
        anchor = hash + 1;
    }
    char *query = strchr(path, '?');
    if (query) {
        *query = '\0';
    }
    percent_decode(path);

    /* The page's own folder, relative to the root. */
    char dir[2048];
    snprintf(dir, sizeof dir, "%s", c->page);
    char *slash = strrchr(dir, '/');
    if (slash) {
        *slash = '\0';
    } else {
        snprintf(dir, sizeof dir, ".");
    }
    char full[6200];
    if (path[0] == '\0') {
        snprintf(full, sizeof full, "%s/%s", c->root, c->page);
    } else if (path[0] == '/') {
        snprintf(full, sizeof full, "%s%s", c->root, path);
    } else {
        snprintf(full, sizeof full, "%s/%s/%s", c->root, dir, path);
    }
    if (!exists(full)) {
        problem(c, line, target, "no such file");
        return;
    }
    if (!anchor || !ends_with(full, ".md")) {
        return;
    }
    char *text = read_file(full);
    if (!text) {
        problem(c, line, target, "the page cannot be read");
        return;
    }
    strlist ids;
    anchors_of(text, &ids);
    if (!strlist_has(&ids, anchor)) {
        problem(c, line, target, "no heading has that anchor");
    }
    strlist_free(&ids);
    free(text);
}

/* Checks one page; its problems are added to *problems. */
static void check_page(const char *root, const char *page, strlist *problems)
{
    char full[4096];
    snprintf(full, sizeof full, "%s/%s", root, page);
    char *text = read_file(full);
    if (!text) {
        char msg[4200];
        snprintf(msg, sizeof msg, "%s: cannot be read", page);
        strlist_add(problems, msg);
        return;
    }
    checking c = {root, page, *problems};
    md_events ev = {ignore_heading, check_link, &c};
    read_markdown(text, &ev);
    *problems = c.problems;
    free(text);
}

/* Every page the project's documentation is: README.md and each Markdown
 * file under docs/, checked; the problems found, one a line. */
static void check_tree(const char *root, strlist *problems)
{
    strlist pages = {0};
    strlist_add(&pages, "README.md");
    collect_markdown(root, "docs", &pages);
    for (size_t i = 0; i < pages.count; i++) {
        check_page(root, pages.items[i], problems);
    }
    strlist_free(&pages);
}

static void print_problems(const strlist *problems)
{
    for (size_t i = 0; i < problems->count; i++) {
        print_message("%s\n", problems->items[i]);
    }
}

/* --- Pages made up for the checker's own tests ------------------------------ */

typedef struct made_tree {
    char root[256];
} made_tree;

/* A folder of its own, with docs/ and a picture in it. */
static void make_tree(made_tree *t)
{
    snprintf(t->root, sizeof t->root, "%s/rb-links-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(t->root));
    char path[512];
    snprintf(path, sizeof path, "%s/docs", t->root);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(path, sizeof path, "%s/docs/shot.png", t->root);
    write_file(path, "not really a picture");
}

static void put_page(const made_tree *t, const char *page, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", t->root, page);
    write_file(path, text);
}

static void remove_tree(const made_tree *t)
{
    const char *files[] = {"README.md", "docs/shot.png", "docs/guide.md"};
    char path[512];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", t->root, files[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/docs", t->root);
    rmdir(path);
    rmdir(t->root);
}

/* The problems the checker finds in a made-up tree of README.md and
 * docs/guide.md (NULL: no such page). */
static size_t problems_in(const char *readme, const char *guide, strlist *problems)
{
    made_tree t;
    make_tree(&t);
    put_page(&t, "README.md", readme);
    if (guide) {
        put_page(&t, "docs/guide.md", guide);
    }
    *problems = (strlist){0};
    check_tree(t.root, problems);
    remove_tree(&t);
    print_problems(problems);
    return problems->count;
}

/* --- Tests -------------------------------------------------------------------- */

static void headings_become_githubs_anchors(void **state)
{
    (void)state;
    struct {
        const char *heading, *id;
    } cases[] = {
        {"Hints and threats", "hints-and-threats"},
        {"Version 1.0", "version-10"},
        {"Matches: `rollerball-match`", "matches-rollerball-match"},
        {"src/core - the rules", "srccore---the-rules"},
        {"What the tests check", "what-the-tests-check"},
        {"The engine's page, [linked](x.md)", "the-engines-page-linked"},
        {"rb_util and *rb_util_clock*", "rb_util-and-rb_util_clock"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char id[256];
        slugify(cases[i].heading, id, sizeof id);
        assert_string_equal(id, cases[i].id);
    }
}

static void a_heading_that_comes_again_is_numbered(void **state)
{
    (void)state;
    strlist ids;
    anchors_of("# Notes\n\ntext\n\n## Notes\n\nSetext\n------\n\n```\n# not a heading\n```\n", &ids);
    assert_int_equal(ids.count, 3);
    assert_string_equal(ids.items[0], "notes");
    assert_string_equal(ids.items[1], "notes-1");
    assert_string_equal(ids.items[2], "setext");
    strlist_free(&ids);
}

static void good_links_pass(void **state)
{
    (void)state;
    strlist problems;
    size_t n = problems_in("# Top\n\n"
                           "![A shot](docs/shot.png) and [the guide](docs/guide.md#second-part),\n"
                           "[the top](#top), [a folder](docs/), <https://example.org> and\n"
                           "[the web](https://example.org/missing.md), [mail](mailto:a@example.org).\n"
                           "[ref]: docs/guide.md\n",
                           "# Guide\n\n## Second part\n\n![Back](shot.png) [home](../README.md#top)\n", &problems);
    assert_int_equal(n, 0);
    strlist_free(&problems);
}

static void a_link_to_a_missing_file_fails(void **state)
{
    (void)state;
    strlist problems;
    size_t n =
        problems_in("# Top\n\nSee ![a shot](docs/missing.png) and [a page](docs/nowhere.md).\n", NULL, &problems);
    assert_int_equal(n, 2);
    assert_non_null(strstr(problems.items[0], "README.md:3: link to 'docs/missing.png': no such file"));
    assert_non_null(strstr(problems.items[1], "docs/nowhere.md"));
    strlist_free(&problems);
}

static void a_link_to_a_missing_heading_fails(void **state)
{
    (void)state;
    strlist problems;
    size_t n = problems_in("# Top\n\n[here](#bottom), [there](docs/guide.md#second)\n", "# Guide\n\n## Second part\n",
                           &problems);
    assert_int_equal(n, 2);
    assert_non_null(strstr(problems.items[0], "'#bottom': no heading has that anchor"));
    assert_non_null(strstr(problems.items[1], "'docs/guide.md#second': no heading has that anchor"));
    strlist_free(&problems);
}

static void a_picture_in_the_guide_is_found_from_its_own_folder(void **state)
{
    (void)state;
    strlist problems;
    /* From docs/, "docs/shot.png" would be docs/docs/shot.png. */
    size_t n = problems_in("# Top\n", "# Guide\n\n![A shot](docs/shot.png)\n", &problems);
    assert_int_equal(n, 1);
    assert_non_null(strstr(problems.items[0], "docs/guide.md:3:"));
    strlist_free(&problems);
}

static void links_in_code_are_examples(void **state)
{
    (void)state;
    strlist problems;
    size_t n = problems_in("# Top\n\n"
                           "A span `[x](missing.md)`, a span of two ``a ` [y](missing.md)`` and one that\n"
                           "goes on `over [z](missing.md)\n"
                           "two lines` are code.\n\n"
                           "```\n[fenced](missing.md)\n```\n\n"
                           "~~~~\n[tilde](missing.md)\n~~~~\n\n"
                           "    [indented](missing.md)\n\n"
                           "But [this](missing.md) is a link.\n",
                           NULL, &problems);
    assert_int_equal(n, 1);
    assert_non_null(strstr(problems.items[0], "README.md:17:"));
    strlist_free(&problems);
}

static void every_link_of_the_docs_points_at_a_file_or_heading(void **state)
{
    (void)state;
    const char *root = getenv("RB_SOURCE_DIR");
    assert_non_null(root);
    char readme[4096];
    snprintf(readme, sizeof readme, "%s/README.md", root);
    assert_true(exists(readme));
    strlist problems = {0};
    check_tree(root, &problems);
    print_problems(&problems);
    assert_int_equal(problems.count, 0);
    strlist_free(&problems);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(headings_become_githubs_anchors),
        cmocka_unit_test(a_heading_that_comes_again_is_numbered),
        cmocka_unit_test(good_links_pass),
        cmocka_unit_test(a_link_to_a_missing_file_fails),
        cmocka_unit_test(a_link_to_a_missing_heading_fails),
        cmocka_unit_test(a_picture_in_the_guide_is_found_from_its_own_folder),
        cmocka_unit_test(links_in_code_are_examples),
        cmocka_unit_test(every_link_of_the_docs_points_at_a_file_or_heading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
