/*
 * match_proc.c - engine processes behind pipes (see match_proc.h).
 *
 * Games run on several threads at once, and each fork copies every open
 * descriptor of the tool. Pipes are therefore made close-on-exec at once,
 * under one lock shared by all spawns, so that no engine inherits another's
 * pipe (an inherited write end would hide the other engine's exit).
 */
#define _POSIX_C_SOURCE 200809L

#include "match_proc.h"
#include "rb_util_clock.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <pthread.h>

#define MAX_ARGS 64

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

int rb_proc_split(const char *command, char **argv, int max, char *store, size_t size)
{
    int argc = 0;
    size_t used = 0;
    const char *s = command;
    for (;;) {
        while (*s == ' ' || *s == '\t') {
            s++;
        }
        if (*s == '\0') {
            return argc;
        }
        if (argc == max) {
            return -1;
        }
        argv[argc++] = store + used;
        char quote = 0;
        while (*s != '\0' && (quote != 0 || (*s != ' ' && *s != '\t'))) {
            if (quote == 0 && (*s == '"' || *s == '\'')) {
                quote = *s++;
                continue;
            }
            if (quote != 0 && *s == quote) {
                quote = 0;
                s++;
                continue;
            }
            if (used + 1 >= size) {
                return -1;
            }
            store[used++] = *s++;
        }
        if (quote != 0 || used + 1 > size) {
            return -1;
        }
        store[used++] = '\0';
    }
}

/* The program to run: a path as given, or the first match on PATH. Found
 * before forking, because the child may only call async-signal-safe
 * functions. */
static bool find_program(const char *name, char *path, size_t size)
{
    struct stat st;
    if (strchr(name, '/') != NULL) {
        snprintf(path, size, "%s", name);
        return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
    }
    const char *dirs = getenv("PATH");
    if (dirs == NULL) {
        dirs = "/usr/local/bin:/usr/bin:/bin";
    }
    while (*dirs != '\0') {
        size_t n = strcspn(dirs, ":");
        snprintf(path, size, "%.*s/%s", (int)n, n > 0 ? dirs : ".", name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0) {
            return true;
        }
        dirs += n + (dirs[n] == ':');
    }
    return false;
}

static int make_pipe(int fds[2])
{
    if (pipe(fds) != 0) {
        return -1;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

int rb_proc_start(rb_proc *p, const char *command, char *err, size_t errlen)
{
    char *argv[MAX_ARGS + 1];
    char store[4096];
    char path[4096];
    int argc = rb_proc_split(command, argv, MAX_ARGS, store, sizeof store);
    memset(p, 0, offsetof(rb_proc, raw));
    p->to_fd = p->from_fd = -1;
    rb_linereader_init_with(&p->lines, p->line, RB_PROC_LINE_MAX);
    if (argc <= 0) {
        snprintf(err, errlen, "cannot read the command '%s' (empty, too long or an unclosed quote)", command);
        return -1;
    }
    argv[argc] = NULL;
    if (!find_program(argv[0], path, sizeof path)) {
        snprintf(err, errlen, "no executable program '%s'", argv[0]);
        return -1;
    }
    int in[2], out[2];
    pthread_mutex_lock(&spawn_lock);
    if (make_pipe(in) != 0) {
        pthread_mutex_unlock(&spawn_lock);
        snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    if (make_pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        pthread_mutex_unlock(&spawn_lock);
        snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        /* Its own process group, so that stopping it ends any children too. */
        setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        execv(path, argv);
        _exit(127);
    }
    pthread_mutex_unlock(&spawn_lock);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        close(in[1]);
        close(out[0]);
        snprintf(err, errlen, "cannot start '%s': %s", argv[0], strerror(errno));
        return -1;
    }
    setpgid(pid, pid); /* also from here: whichever runs first wins the race */
    fcntl(in[1], F_SETFL, O_NONBLOCK);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    p->pid = pid;
    p->to_fd = in[1];
    p->from_fd = out[0];
    return 0;
}

bool rb_proc_running(const rb_proc *p)
{
    return p->pid > 0;
}

bool rb_proc_send(rb_proc *p, const char *text, int64_t deadline_ms)
{
    if (p->pid <= 0) {
        return false;
    }
    size_t len = strlen(text);
    /* The text and its newline go out as one write where they fit. */
    char small[4096];
    const char *data = text;
    size_t total = len + 1;
    bool newline_pending = true;
    if (total <= sizeof small) {
        memcpy(small, text, len);
        small[len] = '\n';
        data = small;
        newline_pending = false;
    } else {
        total = len;
    }
    size_t done = 0;
    for (;;) {
        while (done < total) {
            ssize_t n = write(p->to_fd, data + done, total - done);
            if (n > 0) {
                done += (size_t)n;
                continue;
            }
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                int64_t left = deadline_ms - rb_util_now_ms();
                if (left <= 0) {
                    return false;
                }
                struct pollfd pfd = {p->to_fd, POLLOUT, 0};
                poll(&pfd, 1, (int)left);
                continue;
            }
            return false; /* EPIPE: the engine is gone */
        }
        if (!newline_pending) {
            return true;
        }
        data = "\n";
        total = 1;
        done = 0;
        newline_pending = false;
    }
}

/* What the line reader handed over. */
typedef struct taken {
    const char *text;
    bool overlong;
    bool got;
} taken;

static void take_line(const char *text, size_t len, bool overlong, void *user)
{
    taken *t = user;
    (void)len;
    t->text = text;
    t->overlong = overlong;
    t->got = true;
}

rb_proc_status rb_proc_read_line(rb_proc *p, int64_t deadline_ms, const char **line)
{
    for (;;) {
        if (p->raw_used < p->raw_len) {
            taken t = {NULL, false, false};
            p->raw_used +=
                rb_linereader_feed_line(&p->lines, p->raw + p->raw_used, p->raw_len - p->raw_used, take_line, &t);
            if (t.got && t.overlong) {
                return RB_PROC_OVERLONG;
            }
            if (t.got) {
                *line = t.text;
                return RB_PROC_LINE;
            }
        }
        if (p->pid <= 0 || p->from_fd < 0) {
            return RB_PROC_CLOSED;
        }
        int64_t left = deadline_ms - rb_util_now_ms();
        if (left <= 0) {
            return RB_PROC_TIMEOUT;
        }
        struct pollfd pfd = {p->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno != EINTR) {
            return RB_PROC_CLOSED;
        }
        if (r <= 0) {
            continue;
        }
        ssize_t n = read(p->from_fd, p->raw, sizeof p->raw);
        if (n == 0) {
            return RB_PROC_CLOSED;
        }
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) {
                continue;
            }
            return RB_PROC_CLOSED;
        }
        /* Lines are handed out as C strings: a NUL would cut one short
         * and hide the rest from the legality checks. */
        for (ssize_t i = 0; i < n; i++) {
            if (p->raw[i] == '\0') {
                p->raw[i] = '?';
            }
        }
        p->raw_len = (size_t)n;
        p->raw_used = 0;
    }
}

void rb_proc_stop(rb_proc *p, int grace_ms)
{
    if (p->pid <= 0) {
        return;
    }
    if (grace_ms > 0) {
        rb_proc_send(p, "quit", rb_util_now_ms() + 100);
    }
    close(p->to_fd);
    int64_t deadline = rb_util_now_ms() + grace_ms;
    int status;
    pid_t done = waitpid(p->pid, &status, WNOHANG);
    while (done == 0 && rb_util_now_ms() < deadline) {
        rb_util_sleep_ms(2);
        done = waitpid(p->pid, &status, WNOHANG);
    }
    kill(-p->pid, SIGKILL); /* the group: anything the engine started */
    if (done == 0) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, &status, 0);
    }
    close(p->from_fd);
    p->pid = 0;
    p->to_fd = p->from_fd = -1;
    p->raw_len = p->raw_used = 0;
    rb_linereader_init_with(&p->lines, p->line, RB_PROC_LINE_MAX);
}
