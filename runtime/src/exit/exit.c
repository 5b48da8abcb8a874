/* exit - run atexit handlers, flush stdio, end the process.
 *
 * The two steps are weak no-ops here and replaced by strong definitions in atexit.c and
 * stdio's __stdio_exit.c (flushing every stream), so a program that never registers a handler or
 * never uses stdio does not drag the handler table or stdio into its image (the musl trick). */
#include <stdlib.h>

static void dummy(void) {}
__attribute__((__weak__, __alias__("dummy"))) void __funcs_on_exit(void);
__attribute__((__weak__, __alias__("dummy"))) void __stdio_exit(void);

void exit(int status) {
  __funcs_on_exit();
  __stdio_exit();
  _Exit(status);
}
