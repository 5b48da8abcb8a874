/* Cancellation for the kernel backend, musl's design: pthread_cancel marks the thread and sends
 * it SIGPOKE with tgkill. The handler acts at once if the thread runs with asynchronous
 * cancellation, or if it stands between a cancellation point's last look at the mark and its
 * system call ([__cp_begin, __cp_end) of arch/syscall_cp_kernel.S: the pc moves to __cp_cancel,
 * which returns -ECANCELED); a call already waiting in the kernel (a futex, nanosleep, read)
 * ends with EINTR, and its wrapper sees the mark. The cancellation points are those of the other
 * backends: pthread_testcancel, pthread_join, pthread_cond_(timed)wait, sem_(timed)wait, and the
 * generated stubs of read, write, close, nanosleep (__syscall_cp) and open. */
#include <errno.h>
#include <kasane/sigframe.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "kpthread.h"

void __cancel(void) { pthread_exit(PTHREAD_CANCELED); }

void __testcancel(void) {
  struct __pthread* self = __kself();
  if (self->cancel && !self->cancel_disable) __cancel();
}

void pthread_testcancel(void) { __testcancel(); }

long __kcp(long nr, long a, long b, long c, long d) {
  struct __pthread* self = __kself();
  if (self->cancel_disable) return __syscall4(nr, a, b, c, d);
  long r = __kcp_asm(&self->cancel, nr, a, b, c, d);
  if (r == -EINTR && self->cancel && !self->cancel_disable) r = -ECANCELED;
  return r;
}

/* The generated stubs of the calls os/syscalls.tbl calls cancellation points come here
 * (src/internal/syscall.h). A completed close is never undone: its descriptor is gone. */
long __syscall_cp(long nr, long a, long b, long c) {
  struct __pthread* self = __kself();
  if (self->cancel_disable) return __syscall3(nr, a, b, c);
  long r = __kcp_asm(&self->cancel, nr, a, b, c, 0);
  if (r == -ECANCELED || (r == -EINTR && nr != SYS_close && self->cancel && !self->cancel_disable))
    __cancel();
  return r;
}

static void on_poke(int sig, siginfo_t* si, void* ucv) {
  (void)sig, (void)si;
  struct kasane_ucontext* uc = ucv;
  struct __pthread* self = __kself();
  if (!self->cancel || self->cancel_disable) return;
  uint32_t pc = (uint32_t)uc->uc_mcontext.sc_pc;
  if (pc >= (uint32_t)__cp_begin && pc < (uint32_t)__cp_end) {
    uc->uc_mcontext.sc_pc = (uint32_t)__cp_cancel;
    return;
  }
  if (self->cancel_async) __cancel();
}

static volatile int installed;

/* The handler, at the first cancellation (SA_NODEFER: a thread that leaves it for pthread_exit
 * leaves the mask as it was). */
static void install(void) {
  if (installed) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_poke;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGPOKE, &sa, 0);
  installed = 1;
}

int pthread_cancel(pthread_t t) {
  struct __pthread* self = __kself();
  __kinit(); /* the main thread's tid */
  if (t->id != KTHREAD_ID) return ESRCH;
  t->cancel = 1;
  if (t == self) {
    if (self->cancel_async && !self->cancel_disable) __cancel();
    return 0;
  }
  install();
  int tid = t->tid;
  if (tid) __syscall3(SYS_tgkill, getpid(), tid, SIGPOKE);
  return 0;
}

int pthread_setcancelstate(int state, int* old) {
  if (state != PTHREAD_CANCEL_ENABLE && state != PTHREAD_CANCEL_DISABLE) return EINVAL;
  struct __pthread* self = __kself();
  if (old) *old = self->cancel_disable;
  self->cancel_disable = state;
  /* Deferred: a pending cancellation waits for the next point; asynchronous acts now. */
  if (!state && self->cancel && self->cancel_async) __cancel();
  return 0;
}

int pthread_setcanceltype(int type, int* old) {
  if (type != PTHREAD_CANCEL_DEFERRED && type != PTHREAD_CANCEL_ASYNCHRONOUS) return EINVAL;
  struct __pthread* self = __kself();
  if (old) *old = self->cancel_async;
  self->cancel_async = type;
  if (type && self->cancel && !self->cancel_disable) __cancel();
  return 0;
}
