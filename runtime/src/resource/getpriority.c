/* getpriority - a thread's nice value. Hand-written rather than generated from os/syscalls.tbl
 * because the system call returns 20 - nice (1..40) so that no nice value looks like an error;
 * the C function undoes that, as musl's and glibc's do. */
#include <sys/resource.h>

#include "syscall.h"

int getpriority(int which, id_t who) {
  long r = __syscall2(SYS_getpriority, (long)which, (long)who);
  if (r < 0) return (int)__syscall_ret(r);
  return 20 - (int)r;
}
