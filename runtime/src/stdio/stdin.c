/* stdin - fully buffered standard input. exit() moves the descriptor's offset back over input
 * read ahead but not consumed, where the descriptor can seek, so a process that shares it (a
 * parent running children on one input file) continues at the right place. */
#include "stdio_impl.h"

static unsigned char buf[BUFSIZ];
static FILE f = {.fd = 0, .flags = F_PERM | F_NOWR, .buf = buf, .size = sizeof buf};
FILE* const stdin = &f;
FILE* const __stdin_used = &f;

/* Never called; see stdout.c. */
void __stdin_needs_stdio_exit(void) { __stdio_flush_all(); }
