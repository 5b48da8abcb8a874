/* __syscall_cp, __cancel - the system calls that are cancellation points (read, write, close,
 * nanosleep: os/syscalls.tbl marks them, and their generated stubs come here when this file is
 * linked; sleep and usleep through nanosleep). The stubs' reference is weak, so this file comes
 * with what makes a cancellation or a thread's signal possible: pthread_cancel and pthread_kill
 * pull in __poke.c, which needs arch/syscall_cp.S, which needs __cancel here.
 *
 * musl's design. With cancellation disabled it is the plain call. Otherwise
 * __syscall_cp_asm (arch/syscall_cp.S) makes the call only if no cancellation is pending when it
 * last looks, and a cancellation that arrives later is aimed at the thread: pthread_cancel sends
 * SIGPOKE to its context, or ends its parked call (__poke.c). If that lands before the call is
 * made, the handler acts at once (its pc is in [__cp_begin, __cp_end)); if the call is waiting
 * in the kernel, the wait ends with EINTR and the cancellation is acted on here. A call that
 * completed is not undone: a cancellation pending then waits for the next cancellation point
 * (close, whose descriptor is gone whatever the result, never acts after the call). Signals
 * that pthread_kill left for the thread are taken before and after the call. */
#include <errno.h>
#include <pthread.h>

#include "pthread_impl.h"
#include "syscall.h"

void __cancel(void) { pthread_exit(PTHREAD_CANCELED); }

long __syscall_cp(long nr, long a, long b, long c) {
  struct __pthread* self = __self();
  if (self->sigpend & ~self->sigmask) __pthread_take_signals(self);
  if (self->cancel_disable) return __syscall3(nr, a, b, c);
  long r = __syscall_cp_asm(&self->cancel, nr, a, b, c);
  if (self->sigpend & ~self->sigmask) __pthread_take_signals(self);
  if (r == -EINTR && nr != SYS_close && self->cancel && !self->cancel_disable) __cancel();
  return r;
}
