/*
 * rb_net_fault.h - faults on purpose, for the tests: what happens to each
 * line a side sends.
 *
 * TCP neither loses nor reorders bytes, but a connection can stall, drop
 * with lines in flight, or deliver a line in two pieces; and a buggy or
 * hostile peer can repeat itself. The socket layer asks this module about
 * every outgoing line and drops it, holds it back (with every line after
 * it, as a stalled line would), sends it twice, sends it in two halves, or
 * closes the connection instead of sending it. A fault is either scripted
 * ("close at message 7") or drawn at random from a seed, so a failing soak
 * game can be replayed. Pure: no I/O.
 */
#ifndef RB_NET_FAULT_H
#define RB_NET_FAULT_H

#include <stdint.h>

typedef enum {
    RB_FAULT_NONE = 0,
    RB_FAULT_DROP,  /* the line is lost */
    RB_FAULT_DELAY, /* held back arg ms, the lines after it too */
    RB_FAULT_DUP,   /* sent twice */
    RB_FAULT_SPLIT, /* sent in two halves, arg ms apart */
    RB_FAULT_CLOSE, /* the connection is closed instead */
    RB_FAULT_COUNT
} rb_fault_kind;

#define RB_FAULT_SCRIPT_MAX 16

typedef struct rb_net_fault {
    struct {
        int64_t at; /* the line's number, from 1, counted over every connection */
        rb_fault_kind kind;
        int arg;
    } script[RB_FAULT_SCRIPT_MAX];
    int nscript;
    /* random faults: chances in thousandths per line */
    uint64_t seed;
    int per_mille[RB_FAULT_COUNT];
    int delay_max_ms;
    int closes_max; /* random closes at most this many (the game must finish) */
    int closes;
    int64_t spare; /* random faults spare the first this many lines */
    int64_t lines; /* lines decided so far */
    int64_t made[RB_FAULT_COUNT];
} rb_net_fault;

/* No faults; add to the script or set per_mille and seed. */
void rb_net_fault_init(rb_net_fault *f, uint64_t seed);
void rb_net_fault_at(rb_net_fault *f, int64_t line, rb_fault_kind kind, int arg);
/* The fault for the next line, with its argument in *arg. */
rb_fault_kind rb_net_fault_next(rb_net_fault *f, int *arg);
const char *rb_net_fault_name(rb_fault_kind kind);

#endif
