/*
** Link-only target of the libcanvas.so product: it carries the SONAME
** (libcanvas.so.<ABI version>), which must not reach the Lua module or
** canvas-lua, since SwiftPM applies a target's linker flags to every product
** that contains it.
*/
static const unsigned abi_version __attribute__((used)) = 1;
