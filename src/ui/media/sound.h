/*
 * sound.h - the game's short sounds: a move, a capture, check, a rebound,
 * the end of the game, an illegal attempt, the clock's low-time tick.
 *
 * The sounds are WAV files in the data folder's sounds/ (synthesised at
 * build time by sounds/make_sounds.c). One audio device is opened for the
 * whole run with SDL's own audio; the clips are converted once to its format
 * and mixed, several at a time, in SDL's audio callback.
 *
 * Sound must never get in a player's way: with no audio device, or one that
 * fails to open, everything here is silently a no-op (no message at all); a
 * missing or unreadable sound file makes that one sound silent, with one
 * line on stderr when the device opens. Playing never waits: it drops a
 * request into a small lock-free queue that the callback empties; the
 * callback takes no lock of ours, and only it touches the playing voices.
 *
 * Threads: open, close and the setters belong to one thread (the game's
 * main thread), and so does play (the queue has one producer). Every
 * function accepts NULL for the sound, so a game without sound need not
 * test for it.
 */
#ifndef RB_UI_SOUND_H
#define RB_UI_SOUND_H

#include <stdbool.h>
#include <stddef.h>

#include "rb_game.h"

typedef enum rb_ui_sound_id {
    RB_UI_SOUND_MOVE = 0,
    RB_UI_SOUND_CAPTURE,
    RB_UI_SOUND_CHECK,
    RB_UI_SOUND_REBOUND,
    RB_UI_SOUND_GAME_END,
    RB_UI_SOUND_ILLEGAL,
    RB_UI_SOUND_LOW_TIME,
    RB_UI_SOUND_COUNT
} rb_ui_sound_id;

/* Sounds overlapping at once; a further one replaces the one nearest its end. */
#define RB_UI_SOUND_VOICES 8
/* The device's format, which every clip is converted to. */
#define RB_UI_SOUND_RATE 44100
#define RB_UI_SOUND_DEFAULT_VOLUME 70

typedef struct rb_ui_sound rb_ui_sound;

/* The file of a sound, relative to the data folder: "sounds/move.wav". */
const char *rb_ui_sound_file(rb_ui_sound_id id);

/* Opens the default audio device (initialising SDL's audio on its own, so
 * it may be called before or after SDL_Init) and loads the clips from
 * data_dir (with or without a trailing '/'). Returns NULL only when memory
 * runs out; without a device the result is a silent sound, which plays
 * nothing. Volume starts at RB_UI_SOUND_DEFAULT_VOLUME, sound on. */
rb_ui_sound *rb_ui_sound_open(const char *data_dir);
/* Stops every sound and closes the device. */
void rb_ui_sound_close(rb_ui_sound *s);

/* Starts a sound; returns at once. Nothing happens when sound is off, the
 * clip is missing or there is no device. */
void rb_ui_sound_play(rb_ui_sound *s, rb_ui_sound_id id);
/* 0 (silent) .. 100 (the clips as made); out-of-range values are clamped.
 * The level follows the square of the volume, so that the middle of a
 * slider sounds like the middle (50 is a quarter of the amplitude). It
 * applies at once, to sounds already playing too. */
void rb_ui_sound_set_volume(rb_ui_sound *s, int volume);
int rb_ui_sound_volume(const rb_ui_sound *s);
/* Off silences sounds already playing and ignores new ones. */
void rb_ui_sound_set_enabled(rb_ui_sound *s, bool on);
bool rb_ui_sound_enabled(const rb_ui_sound *s);

/* Whether an audio device is open (false: everything is silent). */
bool rb_ui_sound_has_device(const rb_ui_sound *s);
/* Whether the clip of id was loaded. */
bool rb_ui_sound_has_clip(const rb_ui_sound *s, rb_ui_sound_id id);
/* True when nothing is playing or waiting to play. */
bool rb_ui_sound_idle(const rb_ui_sound *s);
/* How many times id was asked for while sound was on, device or not: what
 * the game meant to be heard (for tests; the game's thread only). */
unsigned rb_ui_sound_asked(const rb_ui_sound *s, rb_ui_sound_id id);

/* ---- which sound a move makes (pure; sound_pick.c) ---------------------
 * One sound a move, the most important thing that happened:
 *   game end (checkmate, stalemate, throne; in a game also repetition)
 *   > check > capture > rebound > an ordinary move.
 * A check that captures is heard as a check: what the player must react
 * to matters more than what left the board. A resignation or an agreed
 * draw is not the move's doing, so the move keeps its own sound (the game
 * plays RB_UI_SOUND_GAME_END for those itself). */
rb_ui_sound_id rb_ui_sound_for_move(const rb_pos *before, rb_move m);
/* The sound of the move that led to ply (1..g->length) of a game, which
 * also hears a threefold repetition; RB_UI_SOUND_MOVE for ply 0 or beyond
 * the record. */
rb_ui_sound_id rb_ui_sound_for_ply(const rb_game *g, size_t ply);

#endif
