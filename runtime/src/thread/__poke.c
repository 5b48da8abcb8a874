/* __poke - aim a thread's pending signal or cancellation at the context it runs on.
 *
 * pthread_kill and pthread_cancel leave their news in the target's ThMB (sigpend, cancel). A
 * target that computes on another context, or waits in the kernel, would see it only when it
 * next enters the library; __poke makes it see it now, through the kernel's per-context signals
 * (os/sigthread.c, kasane_ctx_kill):
 *   - a call of the target parked by a kernel notification (it is BLOCKED_KERNEL, or about to
 *     be) is ended with EINTR; the thread resumes in its wrapper, which takes the news
 *     (__syscall_cp.c);
 *   - else, if the target runs on context ltn, SIGPOKE goes to that context: a kernel wait there
 *     ends with EINTR, and user code there is interrupted into on_poke below.
 * on_poke runs on whichever thread the context runs when the signal lands, which is the target
 * unless it was switched out meanwhile (then the poke finds nothing to do, and the target takes
 * its news at its next library entry, as before). It acts only on a thread running its own
 * code: not in a switch, not while the scheduler lock is taken (the thread may hold it), not in
 * an idle thread or a hw upcall (the kernel zeroes the slot there), and for asynchronous
 * cancellation not inside the conventional backend's SIGIO handler (SIGIO blocked in the frame's
 * mask): leaving from there would keep SIGIO blocked for the process. Then it takes the thread's
 * unmasked signals (their handlers run here, on the thread's stack), and acts on a pending,
 * enabled cancellation if it is asynchronous, or deferred and caught at a cancellation point's
 * call before the kernel took it (__cp_begin..__cp_end).
 *
 * The handler is installed at the first poke (SA_NODEFER: no mask change, so a cancelled thread
 * that never returns from it leaves the process mask as it was), so programs that never aim a
 * signal at another thread make no extra call. */
#include <kasane/sigframe.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "pthread_impl.h"

#define SIGIO_BIT (1u << (SIGIO - 1))

static volatile int installed;

/* The thread running its own code on this context, or 0 (see above). */
static struct __pthread* interrupted_thread(uint32_t pc) {
  if (pc >= (uint32_t)__switch && pc < (uint32_t)__switch_end) return 0;
  if (!__sched_trylock()) return 0;
  int idx = __ctx_idx();
  struct __pthread* t = __running[__run_idx(idx)];
  if (!t || t != __thmbs[idx] || t == __idle[idx] || t->state != ST_RUNNING) t = 0;
  __sched_unlock();
  return t;
}

static void on_poke(int sig, siginfo_t* si, void* ucv) {
  (void)sig, (void)si;
  const struct kasane_ucontext* uc = ucv;
  uint32_t pc = (uint32_t)uc->uc_mcontext.sc_pc;
  struct __pthread* self = interrupted_thread(pc);
  if (!self) return;
  if (self->sigpend & ~self->sigmask) __pthread_take_signals(self);
  if (!self->cancel || self->cancel_disable) return;
  int in_call = pc >= (uint32_t)__cp_begin && pc < (uint32_t)__cp_end;
  if (in_call || (self->cancel_async && !(uc->uc_sigmask[0] & SIGIO_BIT))) __cancel();
}

static void install(void) {
  if (installed) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_poke;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGPOKE, &sa, 0);
  installed = 1;
}

void __poke(struct __pthread* t, int state, int ltn) {
  if (state != ST_RUNNING && state != ST_BLOCKED_KERNEL) return;
  install();
  if (kasane_ctx_kill(0, SIGPOKE, t) == 0) return; /* its parked call ends with EINTR */
  if (state == ST_RUNNING && ltn > 0) kasane_ctx_kill((unsigned long)ltn, SIGPOKE, 0);
}
