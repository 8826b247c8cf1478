/*
 * online_state.h - what the window shows of a server's lobby, as plain
 * data: the sign-in form as typed, what went wrong under which field, who
 * is signed in, the seeks, the form of a new seek, a challenge to answer.
 *
 * The lobby's connection itself (net/lobby.h) lives in the app, and
 * app/online.c copies what a person sees of it here after every event, so
 * the "Play online" dialog draws from const state like every other. The
 * password is typed here and wiped as soon as it has been sent.
 */
#ifndef RB_UI_ONLINE_STATE_H
#define RB_UI_ONLINE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#define RB_UI_ONLINE_SEEKS_MAX 24
#define RB_UI_ONLINE_ERROR_MAX 1000

/* Where the dialog stands: which of its two views it shows. */
typedef enum {
    RB_UI_ONLINE_SIGN_IN = 0, /* the sign-in view: nothing open, or connecting, or signing in */
    RB_UI_ONLINE_LOBBY        /* signed in: the lobby view */
} rb_ui_online_view;

/* What the dialog asks of the lobby (the command's action). */
typedef enum {
    RB_UI_ONLINE_LOGIN = 0,
    RB_UI_ONLINE_REGISTER,
    RB_UI_ONLINE_GUEST,
    RB_UI_ONLINE_SEEK,      /* with the form's clock, kind and colour */
    RB_UI_ONLINE_UNSEEK,    /* my seek taken back */
    RB_UI_ONLINE_ACCEPT,    /* the seek id */
    RB_UI_ONLINE_CHALLENGE, /* the name in the field, with the form's clock, kind and colour */
    RB_UI_ONLINE_ANSWER_YES,
    RB_UI_ONLINE_ANSWER_NO,
    RB_UI_ONLINE_LEAVE /* sign out: the connection closes */
} rb_ui_online_action;

/* The clocks a seek offers, "M+S". */
#define RB_UI_ONLINE_TCS 5
extern const char *const rb_ui_online_tcs[RB_UI_ONLINE_TCS];

/* The sign-in view's fields, and the lobby's one (a name to challenge). */
typedef enum {
    RB_UI_ONLINE_F_ADDRESS = 0,
    RB_UI_ONLINE_F_NAME,
    RB_UI_ONLINE_F_PASSWORD,
    RB_UI_ONLINE_F_CHALLENGE,
    RB_UI_ONLINE_FIELDS
} rb_ui_online_field;

typedef struct rb_ui_online_seek {
    int64_t id;
    char name[41];
    char tc[16];
    bool rated;
    int color; /* the seeker's: 0 White, 1 Black, -1 random */
    bool mine;
} rb_ui_online_seek;

typedef struct rb_ui_online_state {
    rb_ui_online_view view;
    bool busy;       /* connecting or signing in: the buttons wait */
    int asking;      /* the RB_UI_ONLINE_* sign-in on its way */
    bool plain;      /* without TLS: a development server on this computer */
    bool remembered; /* a session is remembered for this address and name: no password needed */
    char fields[RB_UI_ONLINE_FIELDS][160];
    char errors[RB_UI_ONLINE_FIELDS][RB_UI_ONLINE_ERROR_MAX]; /* under each field, "" none */
    char error[RB_UI_ONLINE_ERROR_MAX];                       /* under the form: the rest */
    bool loud;                                                /* the error is a changed certificate */
    char status[RB_UI_ONLINE_ERROR_MAX];                      /* what is going on ("Connecting...") */
    /* the lobby */
    char me[41];
    bool guest;
    char server[41];  /* the server's name */
    char address[80]; /* where it is */
    rb_ui_online_seek seeks[RB_UI_ONLINE_SEEKS_MAX];
    int nseeks;
    int selected;    /* the seek chosen in the list, -1 none */
    int64_t my_seek; /* my seek standing, 0 none */
    /* the new seek's form */
    int tc_choice; /* index into the dialog's time controls */
    bool rated;
    int color; /* -1 random, 0 White, 1 Black */
    /* a challenge to me, waiting for the answer (id 0: none) */
    int64_t challenge_id;
    char challenge_from[41];
    char challenge_tc[16];
    bool challenge_rated;
    int challenge_color; /* the challenger's */
} rb_ui_online_state;

#endif
