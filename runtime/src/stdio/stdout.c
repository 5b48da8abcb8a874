/* stdout - line-buffered standard output.
 *
 * Line buffered rather than fully buffered so output survives a crash or hang in the simulator
 * up to the last complete line; the cost is one write() per line, which is cheap. */
#include "stdio_impl.h"

static unsigned char buf[BUFSIZ];
static FILE f = {.fd = 1, .flags = F_PERM | F_NORD | F_LBF, .buf = buf, .size = sizeof buf};
FILE* const stdout = &f;
FILE* const __stdout_used = &f;

/* Never called. Its reference makes the linker take __stdio_exit.o, whose __stdio_exit replaces
 * exit()'s weak no-op, into every program that uses stdout (a weak definition alone would not
 * pull an archive member in). */
void __stdout_needs_stdio_exit(void) { __stdio_flush_all(); }
