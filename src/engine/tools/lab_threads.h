/*
 * lab_threads.h - the lab's measurement of the search on several threads
 * (rollerball-engine-lab threads).
 */
#ifndef RB_LAB_THREADS_H
#define RB_LAB_THREADS_H

/* Time to a fixed depth and nodes per second with one thread and with
 * `threads` threads from the same 20 positions; prints the figures and
 * returns 0. */
int rb_lab_threads(int depth, int threads, int hash_mib);

#endif
