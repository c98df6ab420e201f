/*
** sandbox.h: --sandbox, for running layout scripts someone else wrote.
*/
#ifndef CANVAS_LUA_SANDBOX_H
#define CANVAS_LUA_SANDBOX_H

#include "lluaheaders.h"

/* Removes what a sandboxed script may not use; what is refused says so. */
void sandbox_apply(lua_State *L);

#endif
