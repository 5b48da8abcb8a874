/* getpid - the process id; cannot fail. */
#include <unistd.h>

#include "syscall.h"

pid_t getpid(void) { return (pid_t)__syscall0(SYS_getpid); }
