/*
 * assets.h - the game's data folder and the piece images.
 */
#ifndef RB_UI_ASSETS_H
#define RB_UI_ASSETS_H

#include "state/window.h"

/* Finds the data folder: $RB_DATA_DIR, else SDL_GetBasePath() followed by
 * "../share/rollerball/" (the build tree, an install, an unpacked archive
 * all share that layout). Writes it with a trailing '/'. Returns 0, or -1
 * with a message. */
int rb_ui_assets_data_dir(char *dir, size_t len, char *err, size_t errlen);

/* The piece sets, one row each: the pictures of set key are the eight
 * files pieces/KEY/wK.svg ... pieces/KEY/bP.svg of the data folder. */
typedef struct rb_ui_piece_set_info {
    const char *key;   /* the folder, in the settings file and after --pieces */
    const char *label; /* in the settings dialog (marked N_, drawn with _) */
} rb_ui_piece_set_info;
extern const rb_ui_piece_set_info rb_ui_piece_sets[];
extern const int rb_ui_piece_set_count;
/* The row named key, or -1. */
int rb_ui_assets_find_set(const char *key);
/* Every key, as "classic, geometric", for messages naming the choices. */
void rb_ui_assets_set_keys(char *buf, size_t len);

/* Reads the eight SVGs of piece set `set` and checks each one rasterises
 * to a visible image; then they replace the pictures in use (the textures
 * are made again at the next sizing). Returns 0, or -1 with a message
 * naming the missing or damaged file, the pictures in use left as they
 * were. */
int rb_ui_assets_load_pieces(rb_app *app, int set, char *err, size_t errlen);
/* The window icon (icons/<app id>.svg in the data folder) rasterised at
 * size x size pixels; free it with SDL_FreeSurface. NULL with a message
 * naming the file when it is missing or draws nothing. */
SDL_Surface *rb_ui_assets_load_icon(const char *data_dir, int size, char *err, size_t errlen);
/* Rasterises the pieces of a set at size pixels (no-op when already that
 * size). Returns 0, or -1 with a message. */
int rb_ui_assets_size_set(rb_app *app, rb_ui_piece_set *set, int size, char *err, size_t errlen);
/* The same for the game board's set. */
int rb_ui_assets_size_pieces(rb_app *app, int size, char *err, size_t errlen);
/* Forgets every texture (the renderer lost them); they are made again on
 * the next sizing. */
void rb_ui_assets_drop_textures(rb_app *app);
void rb_ui_assets_free(rb_app *app);

#endif
