/*
 * speech_a11y.c - asks the desktop whether a screen reader runs: the
 * accessibility bus's org.a11y.Status ScreenReaderEnabled property, read
 * with the gdbus program (part of GLib, present on every desktop that has
 * the bus), so that the game links no D-Bus library. No session bus or no
 * gdbus means no.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rb_speech.h"

bool rb_speech_screen_reader_running(void)
{
    const char *bus = getenv("DBUS_SESSION_BUS_ADDRESS");
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if ((!bus || !bus[0]) && (!runtime || !runtime[0])) {
        return false;
    }
    FILE *p = popen("gdbus call --session --timeout 1 --dest org.a11y.Bus --object-path /org/a11y/bus "
                    "--method org.freedesktop.DBus.Properties.Get org.a11y.Status ScreenReaderEnabled "
                    "2>/dev/null",
                    "r");
    if (!p) {
        return false;
    }
    char answer[128] = "";
    size_t n = fread(answer, 1, sizeof answer - 1, p);
    answer[n] = 0;
    pclose(p);
    return strstr(answer, "true") != NULL; /* "(<true>,)" */
}
