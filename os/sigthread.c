/* Signals aimed at one hardware context of a process, for the thread library's pthread_kill and
 * asynchronous cancellation. The process's signals (signal.c) go to whichever context returns to
 * user mode first; a user thread that computes on context 3 needs its signal on context 3, and
 * one whose system call is parked by a kernel notification needs that call to end. The kernel
 * knows contexts and parked calls, not user threads: the library, which knows where its thread
 * runs, names the place.
 *
 * A context's pending signals (kthread.sigpending) are delivered like the process's, on that
 * context's next return to user mode, with the process's mask and handlers; they end an
 * interruptible wait of that context's kernel thread (EINTR) and interrupt the context (TINTR)
 * if it runs user code now. */
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* Make sig pending on kernel thread kt (bound, or a clone thread: unbound), sent by process from,
 * and see that its context notices soon (also tgkill's, thread.c). */
void signal_send_kt(struct kthread* kt, int sig, int from) {
  struct proc* p = kt->proc;
  if (signal_dropped(p, sig, *sigmaskof(kt))) return;
  if (!(kt->sigpending & (1u << (sig - 1)))) p->sigfrom[sig] = from;
  kt->sigpending |= 1u << (sig - 1);
  int i = kt->ltn - 1, c = cpu_core[kt->cpu];
  if (kt->unbound && kt->state == KT_NONE && cpus[kt->cpu].user != kt) return; /* not started */
  if (kt->state == KT_SLEEPING && kt->interruptible)
    ready_kt(kt);
  else if (ctxmode && kt->unbound)
    ctx_poke(kt); /* runs user code on a CPU: that CPU traps and looks */
  else if (kt->state == KT_NONE && c == coreid() && p == mycore()->proc && i != ctxid() &&
           ((kasane_tstate() >> i) & 1))
    kasane_tintr(kt->ltn); /* runs user code: trap and look (trap.c, usertrapret_checks) */
  else if (kt->state == KT_NONE && c != coreid() && ((p->cores >> c) & 1))
    ipi_raise(kt->cpu); /* it may run user code there: the IPI line reaches any context */
}

/* kasane_ctx_kill(ltn, sig, thmb): with ltn 1..ncpus, a CPU number + 1 (on a machine of one
 * core, the LTN; on several, core * contexts + LTN, the number kasane_ctx_start returns + 1),
 * make sig pending for that context of the calling process alone (delivered there, or ending its kernel wait with EINTR first); with
 * ltn 0, end with EINTR the interruptible wait of the system call parked for the ThMB at thmb
 * (it then raises UNBLOCKED as usual), and sig is not delivered: the library keeps it for the
 * thread. sig 0 only checks. 0; -EINVAL for a bad ltn or sig; -ESRCH if no call is parked for
 * thmb. */
int32_t sys_kasane_ctx_kill(void) {
  if (ctx_want_gang(mykt())) return -ERESTARTNOHAND; /* again, once it holds its core */
  struct proc* p = myproc();
  uint32_t ltn, sig, thmb;
  argint(0, &ltn);
  argint(1, &sig);
  argint(2, &thmb);
  if (sig >= NSIG || ltn > (uint32_t)ncpus) return -EINVAL;
  if (ltn == 0) {
    for (struct kthread* pk = parked; pk < &parked[NPARKED]; pk++) {
      if (pk->state == KT_NONE || pk->proc != p || pk->thmb != thmb || thmb == 0) continue;
      if (sig == 0) return 0;
      pk->sigpending |= 1u << (sig - 1);
      if (pk->state == KT_SLEEPING && pk->interruptible) ready_kt(pk);
      return 0;
    }
    return -ESRCH;
  }
  if (sig) signal_send_kt(&p->kt[ltn - 1], (int)sig, p->pid);
  return 0;
}
