/* sync - hand-written because it returns nothing (the generator's stubs return the result). */
#include <unistd.h>

#include "syscall.h"

void sync(void) { __syscall0(SYS_sync); }
