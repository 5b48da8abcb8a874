/* waitid - hand-written because the call has a fifth argument, the children's resource usage,
 * which POSIX's waitid lacks: passed as NULL so the kernel never writes where a stray stack
 * word points. */
#include <sys/wait.h>

#include "syscall.h"

int waitid(idtype_t type, id_t id, siginfo_t* info, int options) {
  return (int)__syscall_ret(
      __syscall5(SYS_waitid, (long)type, (long)id, (long)info, (long)options, 0));
}
