/* stderr - unbuffered standard error: every call reaches the kernel before it returns. */
#include "stdio_impl.h"

static FILE f = {.fd = 2, .flags = 0, .buf = 0, .size = 0, .pos = 0};
FILE* const stderr = &f;
