/* Kernel notifications (os.md, seed 002): a system call that must wait does not hold its
 * architecture thread. The kernel parks the call on a detached kernel thread and hands the
 * context back to the runtime with a BLOCKED upcall; when the call ends, the thread's registers,
 * its result in $v0/$a3, go straight into its ThMB (copy 1) and an UNBLOCKED event waits for the
 * next return to user mode of any context of the process. Until then nobody needs them: the
 * thread cannot run before UNBLOCKED, and they travel with the call's stack page.
 *
 * Parking moves the kernel stack, not its contents: the detached thread takes the page the call's
 * frames are on, and the context's bound thread takes a fresh page to return to user mode from,
 * to which sleep() switches at once (notify_switch). Every cycle of that path is in the
 * notification's cost (E1, scripts/notify_profile.py), hence the word copies and single walks.
 *
 * With KASANE_NOTIFY_SIGNAL the same events arrive as SIGIO with a signal frame (signal.c): the
 * conventional baseline. */
#include <kasane/kasane_isa.h>
#include <kasane/notify.h>
#include <stddef.h>

#include "bio.h"
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* How many entries of parked[] have ever been taken: context 0 looks for runnable parked calls
 * on every return to user mode (parked_ready), and scanning all NPARKED was a tenth of the
 * notification's cost when one call at a time is parked. Guarded by the kernel lock. */
int nparked_used;

/* The runtime's arrays are indexed by CPU number (core * contexts + LTN - 1: EBase.CPUNum, rdhwr
 * $0), which on a machine of one core is LTN - 1; the handler gets the CPU number + 1 in $a3,
 * there the LTN. */

/* The word at user address va of p (copyin's general path costs a notification several times
 * over). 0, or -1 if it is not user memory. A word of a page mapped writable takes one page-table
 * walk; uva2ka's read walks twice (a page not touched yet reads as zeros and gets no frame), so
 * it is only the fallback. The arrays the runtime registers are its own data: written already. */
static int getword(struct proc* p, uint32_t va, uint32_t* w) {
  if (va & 3) return copyin(p->vm, w, va, 4);
  const uint32_t* k = uva2ka(p->vm, va, 1);
  if (k == 0) k = uva2ka(p->vm, va, 0);
  if (k == 0) return -1;
  *w = *k;
  return 0;
}

static int putword(struct proc* p, uint32_t va, uint32_t w) {
  if (va & 3) return copyout(p->vm, va, &w, 4);
  uint32_t* k = uva2ka(p->vm, va, 1);
  if (k == 0) return -1;
  *k = w;
  return 0;
}

/* The ThMB of the user thread running on CPU cpu of p, from the runtime's array; 0 if the
 * runtime is inside its handler there (or the array is unreadable). *slot is the kernel address
 * of that word of the array if it is aligned and writable, for upcall() to zero it without
 * another walk, valid while the lock is held; else 0. */
static uint32_t thmb_of(struct proc* p, int cpu, uint32_t** slot) {
  uint32_t va = p->nreg.thmbs + 4 * cpu, thmb;
  *slot = (va & 3) == 0 ? uva2ka(p->vm, va, 1) : 0;
  if (*slot) return **slot;
  if (getword(p, va, &thmb) < 0) return 0;
  return thmb;
}

/* Tell the runtime whether events wait in p's queue, in the word it registered (if any): a
 * handler that leaves by its own code rather than kasane_notify_resume looks there, and traps
 * if one waits, since only a return to user mode delivers them. */
static void set_pending(struct proc* p) {
  if (p->nreg.pending) putword(p, p->nreg.pending, p->nevents != 0);
}

/* Copy n words, eight at a time: memcpy's byte-general loop costs the register save twice this. */
static void copywords(uint32_t* d, const uint32_t* s, uint32_t n) {
  for (; n >= 8; n -= 8, d += 8, s += 8) {
    uint32_t a = s[0], b = s[1], c = s[2], e = s[3], f = s[4], g = s[5], h = s[6], i = s[7];
    d[0] = a, d[1] = b, d[2] = c, d[3] = e, d[4] = f, d[5] = g, d[6] = h, d[7] = i;
  }
  for (; n > 0; n--) *d++ = *s++;
}

/* Save the user registers of tf into the ThMB at user address thmb, straight from the
 * trapframe, whose first words are laid out as struct kasane_regs (r, hi, lo, then epc as pc);
 * pad is left alone. A ThMB within one page (any aligned one: the runtime's are) takes one
 * page-table walk. 0, or -1 if it is not writable user memory. */
_Static_assert(offsetof(struct trapframe, hi) == offsetof(struct kasane_regs, hi) &&
                   offsetof(struct trapframe, epc) == offsetof(struct kasane_regs, pc),
               "trapframe and kasane_regs");
static int save_regs(struct proc* p, uint32_t thmb, struct trapframe* tf) {
  const uint32_t n = offsetof(struct kasane_regs, pad);
  tf->regs[0] = 0; /* never restored: it is $zero's slot */
  uint32_t* k = 0;
  if ((thmb & 3) == 0 && thmb % PGSIZE <= PGSIZE - n) k = uva2ka(p->vm, thmb, 1);
  if (k == 0) return copyout(p->vm, thmb, tf, n);
  copywords(k, (const uint32_t*)tf, n / 4);
  return 0;
}

/* Make tf enter the runtime's upcall handler on bound thread kt's CPU with (ev, thmb, arg),
 * marking the context as inside the handler (its ThMB slot 0). The handler's first instructions
 * store the FPU: if kt's user thread does not have it now (CU1 clear), give it here, as the
 * Coprocessor Unusable trap that the first store would take does, for a fraction of the cost. */
static void upcall(struct proc* p, struct kthread* kt, struct trapframe* tf, uint32_t* slot,
                   uint32_t ev, uint32_t thmb, uint32_t arg) {
  int cpu = kt->cpu;
  if (slot) *slot = 0;
  if (!slot && putword(p, p->nreg.thmbs + 4 * cpu, 0) < 0) {
    printf("kasane: pid %d (%s): notification arrays not writable\n", p->pid, p->name);
    proc_exit_signal(p, 11);
    return;
  }
  if (!(tf->status & ST_CU1)) fpu_enable(kt, tf);
  tf->epc = p->nreg.entry;
  tf->regs[REG_A0] = ev;
  tf->regs[REG_A1] = thmb;
  tf->regs[REG_A2] = arg;
  tf->regs[REG_A3] = cpu + 1;
  tf->regs[REG_SP] = p->nstacks[cpu];
  tf->regs[REG_RA] = 0;
  tf->regs[25] = p->nreg.entry; /* $t9: o32 PIC code finds its $gp from it */
}

/* An event of p waits: on each other core p is on, interrupt (IPI) every context whose slot names
 * a ThMB, since a thread of the runtime may compute there without ever trapping (this core cannot
 * see which contexts run user code there; one in the kernel takes the interrupt on its way out,
 * for nothing), and tell the anchors. */
static void post_remote(struct proc* p) {
  for (int c = 0; c < ncores; c++) {
    if (c == coreid() || !((p->cores >> c) & 1)) continue;
    for (int i = 1; i < ncontexts; i++) {
      uint32_t thmb;
      if (!(p->nreg.flags & KASANE_NOTIFY_SIGNAL) &&
          getword(p, p->nreg.thmbs + 4 * cpunum(c, i), &thmb) == 0 && thmb)
        ipi_raise(cpunum(c, i));
    }
  }
  kick_proc(p);
}

/* Queue an event for the next return to user mode of a context of p, and interrupt one of p's
 * contexts in user code so that it comes soon. A runtime that lets NEVENTS events pile up (it
 * stays in its handler, or never clears its slots) cannot be given the next one, and an
 * UNBLOCKED event must not be dropped (its thread would never go on): the process is killed,
 * with a console line, as for a fault. */
static void post(struct proc* p, uint32_t ev, uint32_t thmb, uint32_t arg) {
  if (p->nevents == NEVENTS) {
    printf("kasane: pid %d (%s): %d notification events queued and none taken (SIGKILL)\n",
           p->pid, p->name, NEVENTS);
    proc_exit_signal(p, 9 /* SIGKILL */);
    return;
  }
  p->events[p->nevents++] = (struct nevent){ev, thmb, arg};
  set_pending(p);
  if (p->cores & ~(1u << coreid())) post_remote(p);
  if (p != mycore()->proc) return;
  for (int i = 0; i < ncontexts; i++) {
    if (ktof(p, coreid(), i)->state == KT_NONE && ((kasane_tstate() >> i) & 1)) {
      if (i != ctxid()) kasane_tintr(i + 1);
      return;
    }
  }
}

/* Called by sleep() in kernel thread kt that is about to wait on chan. Returns the thread that
 * must wait: kt itself (no notification: not a user system call, or the process has not
 * registered, or the runtime is in its handler on this context), a detached thread now running
 * the call in its place, or 0 if the call should simply go on (the wait ended within the
 * shortcut window: completion before block, no event). */
struct kthread* notify_block(struct kthread* kt, void* chan) {
  struct proc* p = kt->proc;
  if (!p || !p->notify_on || kt->ltn == 0 || kt->unbound || p->killed) return kt;
  uint32_t* slot;
  uint32_t thmb = thmb_of(p, kt->cpu, &slot);
  if (thmb == 0) return kt;
  if (p->nreg.flags & KASANE_NOTIFY_SHORTCUT) {
    kt->chan = chan;
    kt->state = KT_SLEEPING;
    /* The wait holds the context, and on context 0 it holds off every process switch: a
     * program may ask for up to 2^32 cycles (fuzzer seed 12003 stalled the machine for 700 M
     * cycles so, its child unable to run), but gets a time slice at most. */
    uint32_t window = p->nreg.shortcut_cycles < SHORTCUTMAX ? p->nreg.shortcut_cycles : SHORTCUTMAX;
    uint64_t end = cycles() + window;
    while (kt->state == KT_SLEEPING && cycles() < end) waitkick((uint32_t)(end - cycles()));
    kt->chan = 0;
    if (kt->state != KT_SLEEPING) {
      kt->state = KT_RUNNING;
      p->nstats.shortcuts++;
      return 0;
    }
    kt->state = KT_RUNNING;
    thmb_of(p, kt->cpu, &slot); /* the lock was let go meanwhile: walk again */
  }
  struct kthread* pk = parked;
  while (pk < &parked[NPARKED] && pk->state != KT_NONE) pk++;
  if (pk == &parked[NPARKED]) return kt; /* too many calls parked: this one holds its context */
  if (pk - parked >= nparked_used) nparked_used = pk - parked + 1;
  /* Decided: this call raises BLOCKED. The stamp is kept only if the event does go out. The
   * thread's registers stay in the call's trapframe, which goes with the call to pk: they go into
   * the ThMB with the call's result when it ends (notify_finish), not here, where every cycle is
   * the notification's. */
  uint32_t decided = (uint32_t)cycles();
  int signal = p->nreg.flags & KASANE_NOTIFY_SIGNAL;

  /* The call's stack page goes to pk; kt gets pk's spare page and a trapframe to leave from:
   * for the upcall, Status and $gp (the handler's other registers are the upcall's or 0: the
   * thread's own are in its ThMB), for a SIGIO frame all the thread's registers. */
  char* spare = pk->kstack;
  pk->kstack = kt->kstack;
  pk->tf = kt->tf;
  pk->proc = p;
  pk->ltn = 0;
  pk->thmb = thmb;
  pk->interruptible = kt->interruptible;
  pk->sigpending = 0; /* the context's own signals stay with kt, for its next thread */
  pk->state = KT_RUNNING;
  kt->kstack = spare;
  kt->tf = (struct trapframe*)(spare + KSTACKSIZE - sizeof *kt->tf);
  if (signal) {
    memcpy(kt->tf, pk->tf, sizeof *kt->tf);
  } else {
    uint32_t* w = (uint32_t*)kt->tf; /* eight words a round: memset's loop takes twice as long */
    uint32_t n = 0;
    for (; n + 8 <= sizeof *kt->tf / 4; n += 8)
      w[n] = w[n + 1] = w[n + 2] = w[n + 3] = w[n + 4] = w[n + 5] = w[n + 6] = w[n + 7] = 0;
    for (; n < sizeof *kt->tf / 4; n++) w[n] = 0;
    kt->tf->status = pk->tf->status;
    kt->tf->regs[REG_GP] = pk->tf->regs[REG_GP];
  }
  kt->interruptible = 0;
  cpu_kstack[cpuid()] = (uint32_t)kt->tf; /* kt runs here: its context is this one */
  uint32_t num = pk->tf->regs[REG_V0];
  if (signal) {
    signal_frame(kt, 22 /* SIGIO */, KASANE_EV_BLOCKED, thmb, num);
  } else {
    upcall(p, kt, kt->tf, slot, KASANE_EV_BLOCKED, thmb, num);
  }
  p->nstats.blocked++;
  p->nstats.last_blocked_cycle = decided;
  kt->state = KT_RUNNABLE;
  kt->ctx.ra = (uint32_t)kt_start_user;
  kt->ctx.sp = (uint32_t)kt->tf - 16;
  cpus[cpuid()].kt = pk;
  /* The event itself may have killed p (a SIGIO with no handler, no upcall stack): proc_exit()
   * ended the interruptible waits it saw, and pk was not waiting yet. Going to sleep now, pk
   * would wait for ever (fuzzer seed 12003: a wait4 whose child never ran again, since the
   * killed process kept the core). Go on instead, a spurious wake-up that every caller of
   * sleep() handles: it looks at its condition, and at the kill, again. */
  if (p->killed) return 0;
  return pk;
}

/* sleep() in detached thread pk, which notify_block just made of kt's system call: give the
 * context straight to kt, bound and runnable, to enter the upcall. What the scheduler would do
 * in between (kernel work first, a process switch on context 0, parking) leave()'s checks do
 * too, so going through it would only cost the notification a scheduler round. The lock stays
 * held; pk continues here when the scheduler runs it, its wait over. */
void notify_switch(struct kthread* pk, struct kthread* kt) {
  int i = cpuid();
  /* Not from user mode: notify_block hands over only a bound thread of this very context. */
  if (kt->ltn != ctxid() + 1 || kt->state != KT_RUNNABLE) panic("notify_switch: kt not here");
  cpus[i].kt = kt;
  kt->state = KT_RUNNING;
  c0_write(CP0_USERLOCAL, kt->userlocal);
  swtch(&pk->ctx, &kt->ctx);
}

/* The parked call on detached thread pk has ended (its result is in pk->tf): save the thread's
 * registers, the result among them, into its ThMB (the save BLOCKED left to now), queue
 * UNBLOCKED, and free pk. */
void notify_finish(struct kthread* pk) {
  struct proc* p = pk->proc;
  syscall_settle(pk, SETTLE_EINTR); /* the runtime was told it blocked: EINTR, not a restart */
  if (!p->killed) {
    uint32_t v0 = pk->tf->regs[REG_V0], a3 = pk->tf->regs[REG_A3];
    if (!(p->nreg.flags & KASANE_NOTIFY_SIGNAL) && save_regs(p, pk->thmb, pk->tf) < 0) {
      proc_exit_signal(p, 11);
    } else {
      post(p, KASANE_EV_UNBLOCKED, pk->thmb, a3 ? (uint32_t)-(int32_t)v0 : v0);
      p->nstats.unblocked++;
    }
  }
  pk->state = KT_NONE;
  pk->proc = 0;
  if (p->killed) proc_detached_ended(p); /* it may have been the last of p: whoever frees p looks */
  kick(0);
  sched();
  /* Not from user mode: control never comes back here. */
  panic("notify_finish: resumed");
}

/* On the way back to user mode on bound thread kt: enter the handler with the oldest queued
 * event, if the runtime is not inside the handler on this context already. */
void notify_deliver(struct kthread* kt) {
  struct proc* p = kt->proc;
  if (p->nevents == 0 || kt->unbound) return; /* upcalls go to the runtime's contexts */
  struct nevent e = p->events[0];
  if (p->nreg.flags & KASANE_NOTIFY_SIGNAL) {
    if (p->sigmask & (1u << (22 - 1))) return; /* SIGIO blocked (in its handler): later */
    if (signal_frame(kt, 22 /* SIGIO */, e.ev, e.thmb, e.arg) < 0) return;
  } else {
    uint32_t* slot;
    uint32_t cur = thmb_of(p, kt->cpu, &slot);
    if (cur == 0) return; /* inside the handler: later */
    if (save_regs(p, cur, kt->tf) < 0) return;
    upcall(p, kt, kt->tf, slot, e.ev, e.thmb, e.arg);
  }
  p->nevents--;
  memmove(&p->events[0], &p->events[1], p->nevents * sizeof p->events[0]);
  set_pending(p);
}

/* The time slice of context 0 ended while kt ran user code there: queue PREEMPTED for the thread
 * on it, if the runtime asked for it. */
void notify_preempt(struct kthread* kt) {
  struct proc* p = kt->proc;
  if (!p->notify_on || !(p->nreg.flags & KASANE_NOTIFY_PREEMPT)) return;
  uint32_t* slot;
  uint32_t thmb = thmb_of(p, kt->cpu, &slot);
  if (thmb == 0) return;
  /* A full queue drops PREEMPTED (a hint: the thread on context 0 goes on as it is), rather than
   * overwrite the last event, which may be an UNBLOCKED that a thread waits for. */
  if (p->nevents == NEVENTS) return;
  p->events[p->nevents++] = (struct nevent){KASANE_EV_PREEMPTED, thmb, 0};
  set_pending(p);
  p->nstats.preempted++;
}

/* p's threads on core `from` moved to core `to` (gang.c): each one's ThMB slot goes along, so
 * that the runtime still finds the thread it ran there (with KASANE_NOTIFY_SIGNAL too: the
 * runtime finds its running thread by the slot either way). */
void notify_move(struct proc* p, int from, int to) {
  if (!p->notify_on) return;
  for (int i = 0; i < ncontexts; i++) {
    uint32_t thmb;
    uint32_t src = p->nreg.thmbs + 4 * cpunum(from, i), dst = p->nreg.thmbs + 4 * cpunum(to, i);
    if (getword(p, src, &thmb) == 0 && putword(p, dst, thmb) == 0) putword(p, src, 0);
  }
}

/* kasane_notify_register(reg): register the runtime's upcall (reg = 0: unregister). */
int32_t sys_kasane_notify_register(void) {
  if (ctx_want_gang(mykt())) return -ERESTARTNOHAND; /* again, once it holds its core */
  struct proc* p = myproc();
  uint32_t ureg;
  argint(0, &ureg);
  if (ureg == 0) {
    p->notify_on = 0;
    p->nevents = 0;
    set_pending(p);
    p->nreg.pending = 0;
    return 0;
  }
  struct kasane_notify_reg r;
  if (copyin(p->vm, &r, ureg, sizeof r) < 0) return -EFAULT;
  if (r.flags & ~(KASANE_NOTIFY_SIGNAL | KASANE_NOTIFY_SHORTCUT | KASANE_NOTIFY_PREEMPT))
    return -EINVAL;
  if (!(r.flags & KASANE_NOTIFY_SIGNAL) &&
      (r.entry == 0 || !uvm_accessok(p->vm, r.stacks, 4 * ncpus, 0) ||
       !uvm_accessok(p->vm, r.thmbs, 4 * ncpus, 1) ||
       (r.pending && !uvm_accessok(p->vm, r.pending, 4, 1))))
    return -EFAULT;
  if (!(r.flags & KASANE_NOTIFY_SIGNAL) && copyin(p->vm, p->nstacks, r.stacks, 4 * ncpus) < 0)
    return -EFAULT;
  p->nreg = r;
  p->notify_on = 1;
  set_pending(p);
  return 0;
}

/* kasane_notify_resume(thmb): continue the thread whose registers the ThMB at thmb holds (copy 2,
 * done by the kernel in one trap). Does not return to the caller. */
int32_t sys_kasane_notify_resume(void) {
  struct kthread* kt = mykt();
  struct proc* p = kt->proc;
  uint32_t thmb;
  struct kasane_regs r;
  argint(0, &thmb);
  if (copyin(p->vm, &r, thmb, sizeof r) < 0) return -EFAULT;
  memcpy(kt->tf->regs, r.r, sizeof r.r);
  kt->tf->regs[0] = 0;
  kt->tf->hi = r.hi;
  kt->tf->lo = r.lo;
  kt->tf->epc = r.pc;
  kt->tf_restored = 1;
  return 0;
}

/* kasane_notify_stats(out): this process's notification counters and the buffer cache's. */
int32_t sys_kasane_notify_stats(void) {
  struct proc* p = myproc();
  uint32_t out;
  argint(0, &out);
  struct kasane_notify_stats s = p->nstats;
  s.cache_hits = biostats.hits;
  s.cache_misses = biostats.misses;
  return copyout(p->vm, out, &s, sizeof s) < 0 ? -EFAULT : 0;
}
