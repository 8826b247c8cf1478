/*
 * load_server.c - the load tool's server: a child process running the
 * server library in the development mode on the loopback, which the tool
 * can kill and start again on the same folder and port, and whose memory
 * and processor time it reads from /proc, so that the players' cost (the
 * tool's own process) stays out of the server's figures.
 */
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "load.h"
#include "rb_server.h"

int64_t load_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t load_wall_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

ssize_t load_recv_stamped(int fd, char *buf, size_t size, int64_t *rx_us)
{
    char control[CMSG_SPACE(sizeof(struct timespec))];
    struct iovec iov = {.iov_base = buf, .iov_len = size};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
    ssize_t r = recvmsg(fd, &msg, 0);
    *rx_us = 0;
    for (struct cmsghdr *c = r > 0 ? CMSG_FIRSTHDR(&msg) : NULL; c != NULL; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
            struct timespec ts;
            memcpy(&ts, CMSG_DATA(c), sizeof ts);
            *rx_us = (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
        }
    }
    return r;
}

/* Where the kernel groups processes by session (autogroup), a niceness
 * counts only inside the group: the server takes a session of its own and
 * gives its group the niceness, so that it weighs against everything else
 * on the machine, not only against the tool. */
static bool set_nice(int nice)
{
    if (setsid() < 0 || setpriority(PRIO_PROCESS, 0, nice) != 0) {
        return false;
    }
    FILE *f = fopen("/proc/self/autogroup", "w");
    if (f == NULL) {
        return true; /* no autogroups: the process's niceness is all there is */
    }
    bool ok = fprintf(f, "%d\n", nice) > 0;
    return fclose(f) == 0 && ok;
}

int load_server_start(load_server *s)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        return -1;
    }
    if (pid == 0) {
        /* the players' sockets are the tool's: a server holding copies would
         * keep them open past their close, and count them as its own */
        struct rlimit rl;
        getrlimit(RLIMIT_NOFILE, &rl);
        for (int fd = 3; fd < (int)rl.rlim_cur && fd < 1 << 20; fd++) {
            close(fd);
        }
        if (s->nice != 0 && !set_nice(s->nice)) {
            perror("rollerball-server-load: the server's niceness");
            _exit(1);
        }
        char log[128], err[400];
        snprintf(log, sizeof log, "%s/server.log", s->dir);
        if (freopen(log, "a", stderr) == NULL) {
            _exit(1);
        }
        rb_server_settings set;
        rb_server_settings_defaults(&set);
        set.port = s->port;
        set.conn_per_address = s->max_conns;
        set.max_connections = s->max_conns;
        rb_server *sv = rb_server_open(s->dir, &set, err, sizeof err);
        if (sv == NULL) {
            fprintf(stderr, "%s\n", err);
            _exit(1);
        }
        static volatile int stop;
        rb_server_run(sv, &stop);
        _exit(0);
    }
    s->pid = pid;
    return 0;
}

void load_server_kill(load_server *s, int sig)
{
    if (s->pid > 0) {
        kill(s->pid, sig);
        waitpid(s->pid, NULL, 0);
        s->pid = 0;
    }
}

long load_server_rss_kib(const load_server *s)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)s->pid);
    FILE *f = fopen(path, "r");
    long kib = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (sscanf(line, "VmRSS: %ld", &kib) == 1) {
            break;
        }
    }
    if (f != NULL) {
        fclose(f);
    }
    return kib;
}

long load_server_cpu_ms(const load_server *s)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)s->pid);
    FILE *f = fopen(path, "r");
    size_t n = f != NULL ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f != NULL) {
        fclose(f);
    }
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the name may hold spaces */
    unsigned long ut = 0, st = 0;
    if (p == NULL || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2) {
        return -1;
    }
    return (long)((ut + st) * 1000 / (unsigned long)sysconf(_SC_CLK_TCK));
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

/* A child that sends back every byte, and the tool timing 1,000 lines of a
 * move's size there and back: two trips over the loopback and a wake-up of
 * another process, as a move through the server has, without the server. */
void load_echo_baseline(int64_t *median_us, int64_t *p99_us)
{
    *median_us = *p99_us = 0;
    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    socklen_t al = sizeof a;
    if (lfd < 0 || bind(lfd, (struct sockaddr *)&a, sizeof a) != 0 || listen(lfd, 1) != 0 ||
        getsockname(lfd, (struct sockaddr *)&a, &al) != 0) {
        close(lfd);
        return;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        int c = accept(lfd, NULL, NULL);
        int one = 1;
        setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        char b[256];
        ssize_t r;
        while ((r = recv(c, b, sizeof b, 0)) > 0) {
            if (send(c, b, (size_t)r, MSG_NOSIGNAL) != r) {
                break;
            }
        }
        _exit(0);
    }
    close(lfd);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    enum { TRIPS = 1000 };
    int64_t *t = calloc(TRIPS, sizeof *t);
    int k = 0;
    if (pid > 0 && t != NULL && connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
        static const char line[] = "move 12 c2c4 f=0123456789abcdef c=59870\n";
        for (; k < TRIPS; k++) {
            char b[256];
            int64_t t0 = load_wall_us(), rx = 0;
            size_t got = 0;
            if (send(fd, line, sizeof line - 1, MSG_NOSIGNAL) != (ssize_t)(sizeof line - 1)) {
                break;
            }
            while (got < sizeof line - 1) {
                ssize_t r = load_recv_stamped(fd, b, sizeof b, &rx);
                if (r <= 0) {
                    break;
                }
                got += (size_t)r;
            }
            t[k] = rx - t0;                    /* as a move's delay is measured */
            struct timespec gap = {0, 200000}; /* as moves come: apart, the other side asleep */
            nanosleep(&gap, NULL);
        }
    }
    close(fd);
    if (pid > 0) {
        waitpid(pid, NULL, 0);
    }
    if (k > 0) {
        qsort(t, (size_t)k, sizeof *t, cmp64);
        *median_us = t[k / 2];
        *p99_us = t[(k * 99) / 100];
    }
    free(t);
}
