# extract-lessons.awk - the texts of the lesson files as gettext messages.
#
#   awk -f po/extract-lessons.awk assets/lessons/*.lesson > lessons.po
#
# xgettext cannot read .lesson files (assets/lessons/README), so this reads
# them as the learn library's parser does (src/learn/lesson_parse.c):
# "key: value" at the start of a line, the value trimmed; an indented line
# continues the value, trimmed and joined with one space; a blank line ends
# it; a line whose first non-blank character is '#' is a comment. Each
# title, text and hint becomes a message, referenced by file and line, with
# a note of the lesson and field for the translator. (A chapter's intro is
# not shown by the game, so it is not extracted.) The same text may appear
# twice: run the output through msguniq.

function flush() {
    if (key != "" && value != "") {
        printf "#. %s, %s%s\n", chapter_note, stage_note, key
        printf "#: %s:%d\n", ref_file, ref_line
        printf "msgid \"%s\"\nmsgstr \"\"\n\n", escape(value)
    }
    key = ""
    value = ""
}

function escape(s) {
    gsub(/\\/, "\\\\", s)
    gsub(/"/, "\\\"", s)
    gsub(/\t/, "\\t", s)
    return s
}

function trim(s) {
    sub(/^[ \t]+/, "", s)
    sub(/[ \t\r]+$/, "", s)
    return s
}

BEGIN {
    printf "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n"
    wanted["title"] = 1
    wanted["text"] = 1
    wanted["hint"] = 1
}

FNR == 1 {
    flush()
    ref_file = FILENAME
    sub(/^.*\/assets\//, "assets/", ref_file)
    base = FILENAME
    sub(/^.*\//, "", base)
    chapter_note = "lesson " base
    stage_note = "chapter "
}

{
    line = $0
    t = trim(line)
    if (t == "") { flush(); next }
    if (substr(t, 1, 1) == "#") next
    if (line ~ /^[ \t]/) {
        if (key != "") value = value == "" ? t : value " " t
        next
    }
    flush()
    colon = index(line, ":")
    if (colon == 0) next
    k = substr(line, 1, colon - 1)
    v = trim(substr(line, colon + 1))
    if (k == "stage") stage_note = "stage " v ": "
    if (k == "chapter") stage_note = "chapter: "
    if (k in wanted) {
        key = k
        value = v
        ref_file = FILENAME
        sub(/^.*\/assets\//, "assets/", ref_file)
        ref_line = FNR
    }
}

END { flush() }
