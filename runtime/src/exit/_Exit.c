/* _Exit, _exit - end the process now, no handlers, no flushing.
 *
 * exit_group rather than exit: it ends every thread of the process, which is what a C program
 * means by exiting; the plain exit syscall is kept for ending one thread. The status the parent
 * sees is status & 0xff. */
#include <stdlib.h>
#include <unistd.h>

#include "syscall.h"

void _Exit(int status) {
  for (;;) __syscall1(SYS_exit_group, status); /* cannot return; loop if a kernel lets it */
}

void _exit(int status) { _Exit(status); }
