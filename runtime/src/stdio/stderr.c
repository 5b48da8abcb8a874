/* stderr - unbuffered standard error: every call reaches the kernel before it returns (vfprintf
 * still makes one message one write()). */
#include "stdio_impl.h"

static FILE f = {.fd = 2, .flags = F_PERM | F_NORD, .buf = &f.ch, .size = 0};
FILE* const stderr = &f;
FILE* const __stderr_used = &f;

/* Never called; see stdout.c. setvbuf may give stderr a buffer, which exit() must flush. */
void __stderr_needs_stdio_exit(void) { __stdio_flush_all(); }
