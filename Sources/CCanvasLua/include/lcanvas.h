/*
** lcanvas.h: the Lua binding for Canvas.
**
** luaopen_canvas opens the module `canvas` (also the entry point of
** canvas.so for the stock lua5.4 interpreter). The binding reaches the
** engine only through canvas.h.
*/
#ifndef LCANVAS_H
#define LCANVAS_H

#include <stdint.h>
#include "lluaheaders.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Opens the canvas module and leaves its table on the stack. */
int luaopen_canvas(lua_State *L);

/*
** A message handler for lua_pcall: appends a traceback to the message, once
** (errors from layout callbacks already carry theirs).
*/
int lcanvas_traceback(lua_State *L);

/*
** Caps the undo history's budget of every canvas made on L from now on, in
** bytes: a new canvas starts at the cap when it is below the engine's
** default, and c:set_history_limit refuses more, naming `reason` (e.g.
** "a quarter of --max-memory"). For a host that limits memory.
*/
void lcanvas_set_history_cap(lua_State *L, uint64_t bytes, const char *reason);

#ifdef __cplusplus
}
#endif

#endif
