/* stdout - line-buffered standard output, and the flush exit() performs.
 *
 * Line buffered rather than fully buffered so output survives a crash or hang in the simulator
 * up to the last complete line; the cost is one write() per line, which is cheap. */
#include "stdio_impl.h"

static unsigned char buf[BUFSIZ];
static FILE f = {.fd = 1, .flags = F_LBF, .buf = buf, .size = sizeof buf, .pos = 0};
FILE* const stdout = &f;

/* Overrides the weak no-op in exit.c; only linked when something uses stdout. stderr has no
 * buffer, so nothing else can be pending. */
void __stdio_exit(void) { __stdio_flush(&f); }
