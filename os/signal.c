/* Signals, the POSIX way and with Linux MIPS o32's numbers and frame layout: rt_sigaction sets a
 * handler; a pending signal is delivered on the way back to user mode by building a frame on the
 * user stack (siginfo, ucontext with the interrupted registers, a two-instruction trampoline that
 * calls rt_sigreturn) and entering the handler; rt_sigreturn restores the registers from the
 * frame. It is the baseline that kernel notifications are measured against: saving on the kernel
 * stack, copying to the frame, and copying back are the copies notifications avoid. */
#include <kasane/sigframe.h>
#include <kasane/signo.h>
#include <kasane/syscall_nr.h>

#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

#define SIG_DFL 0u
#define SIG_IGN 1u
#define SIG_BLOCK 1              /* MIPS: 1, 2, 3 (not 0, 1, 2) */
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3
#define CLD_EXITED 1             /* si_code of a SIGCHLD */
#define CLD_KILLED 2

static uint32_t bit(int sig) { return 1u << (sig - 1); }

/* Whether sig's default action is to ignore it. */
static int ignored_by_default(int sig) {
  return sig == SIGCHLD || sig == SIGWINCH || sig == SIGURG || sig == SIGCONT;
}

/* Whether sig, sent to p or one of its threads with the signal mask `mask`, is dropped at once, as
 * Linux drops it (sig_ignored): its action is to ignore it, and it is not blocked (a blocked one
 * stays pending, since the action may change before it is unblocked). A dropped signal ends no
 * wait: a nanosleep goes on through a SIGALRM set to SIG_IGN. */
int signal_dropped(struct proc* p, int sig, uint32_t mask) {
  uint32_t h = p->sigact[sig].handler;
  return !(mask & bit(sig)) && (h == SIG_IGN || (h == SIG_DFL && ignored_by_default(sig)));
}

/* Whether an interruptible wait of kernel thread kt must end: its process is being killed, or a
 * signal for the process or for kt's context alone (sigthread.c) is deliverable. */
int interrupted(struct kthread* kt) {
  struct proc* p = kt->proc;
  return p->killed || ((p->sigpending | kt->sigpending) & ~*sigmaskof(kt));
}

/* Make sig pending in p, sent by process from (its pid; 0 for the kernel) with kill, or with
 * tgkill if tkill, and see that p notices soon: end an interruptible wait, interrupt a context in
 * user code. SIGKILL ends p at once. A signal already pending keeps its first sender, as Linux
 * keeps the first siginfo of a signal below SIGRTMIN. */
void signal_send(struct proc* p, int sig, int from, int tkill) {
  if (sig == SIGKILL) {
    proc_exit_signal(p, SIGKILL);
    return;
  }
  if (signal_dropped(p, sig, p->sigmask)) return; /* the main thread's mask, as Linux's leader */
  if (!(p->sigpending & bit(sig))) {
    p->sigfrom[sig] = from;
    p->sigtkill = (p->sigtkill & ~bit(sig)) | (tkill ? bit(sig) : 0);
  }
  p->sigpending |= bit(sig);
  for (int n = 0; n < ncpus; n++)
    if (p->kt[n].state == KT_SLEEPING && p->kt[n].interruptible) ready_kt(&p->kt[n]);
  if (p->nthreads) uthread_interrupt(p);
  if (p == mycore()->proc && ctxid() != 0)
    kick(0);
  if (ctxmode || (p->cores & ~(1u << coreid())))
    kick_proc(p); /* its other cores' anchors, or in context mode its CPUs: an IPI */
}

/* Child c of parent has ended: send the parent c's exit signal, and for SIGCHLD keep what the
 * handler's siginfo says of the child (si_code CLD_EXITED or CLD_KILLED, si_pid, si_status), as
 * Linux's do_notify_parent does, unless a SIGCHLD is pending already (it keeps the first). */
void signal_child(struct proc* parent, struct proc* c) {
  int sig = c->exitsig;
  if (sig == SIGCHLD && !(parent->sigpending & bit(sig)) &&
      !signal_dropped(parent, sig, parent->sigmask)) {
    parent->chldcode = c->termsig ? CLD_KILLED : CLD_EXITED;
    parent->chldstatus = c->termsig ? c->termsig : c->xstatus & 0xff;
  }
  signal_send(parent, sig, c->pid, 0);
}

/* Build a frame for signal sig on the user stack of bound thread kt and make its trapframe enter
 * the handler (p->sigact[sig] must be a handler). 0, or -1 if the stack is not writable (then
 * the process is killed with SIGSEGV, as Linux does). */
int signal_frame(struct kthread* kt, int sig, int code, uint32_t addr, uint32_t value) {
  struct proc* p = kt->proc;
  struct trapframe* tf = kt->tf;
  struct ksigaction* act = &p->sigact[sig];
  struct kasane_rt_sigframe f;
  memset(&f, 0, sizeof f);
  f.rs_code[0] = 0x24020000u | SYS_rt_sigreturn; /* addiu $v0, $zero, SYS_rt_sigreturn */
  f.rs_code[1] = 0x0000000cu;                   /* syscall */
  f.rs_info.si_signo = sig;
  f.rs_info.si_code = code;
  f.rs_info.si_addr = addr;
  f.rs_info.si_value = value;
  f.rs_uc.uc_mcontext.sc_pc = tf->epc;
  for (int i = 1; i < 32; i++) f.rs_uc.uc_mcontext.sc_regs[i] = (int32_t)tf->regs[i];
  f.rs_uc.uc_mcontext.sc_mdhi = (int32_t)tf->hi;
  f.rs_uc.uc_mcontext.sc_mdlo = (int32_t)tf->lo;
  uint32_t* mask = sigmaskof(kt);
  f.rs_uc.uc_sigmask[0] = kt->mask_saved ? kt->saved_mask : *mask; /* rt_sigsuspend's: the old */
  kt->mask_saved = 0;
  /* The FP registers too, as Linux's setup_sigcontext does with FR = 0: register pair 2k, 2k+1
   * in the 64-bit slot 2k; the handler may use the FPU. */
  fpu_flush(kt);
  f.rs_uc.uc_mcontext.sc_used_math = 1;
  for (int i = 0; i < 32; i += 2)
    f.rs_uc.uc_mcontext.sc_fpregs[i] = (uint64_t)kt->fp.fpr[i + 1] << 32 | kt->fp.fpr[i];
  f.rs_uc.uc_mcontext.sc_fpc_csr = kt->fp.fcsr;
  uint32_t sp = (tf->regs[REG_SP] - sizeof f) & ~15u;
  if (act->handler <= SIG_IGN || copyout(p->vm, sp, &f, sizeof f) < 0) {
    if (act->handler <= SIG_IGN) /* a notification SIGIO with no handler set */
      printf("kasane: pid %d (%s): signal %d has no handler to deliver it to (SIGSEGV)\n",
             p->pid, p->name, sig);
    else
      printf("kasane: pid %d (%s): no room for the frame of signal %d at sp 0x%08x (SIGSEGV)\n",
             p->pid, p->name, sig, tf->regs[REG_SP]);
    proc_exit_signal(p, SIGSEGV);
    return -1;
  }
  tf->regs[REG_A0] = sig;
  tf->regs[REG_A1] = sp + offsetof(struct kasane_rt_sigframe, rs_info);
  tf->regs[REG_A2] = sp + offsetof(struct kasane_rt_sigframe, rs_uc);
  tf->regs[REG_SP] = sp;
  tf->regs[REG_RA] = sp + offsetof(struct kasane_rt_sigframe, rs_code);
  tf->regs[25] = act->handler; /* $t9: o32 PIC code finds its $gp from it */
  tf->epc = act->handler;
  if (!(act->flags & SA_NODEFER)) *mask |= bit(sig);
  *mask |= act->mask[0] & ~bit(SIGKILL);
  if (act->flags & SA_RESETHAND) act->handler = SIG_DFL;
  p->nstats.signals++;
  return 0;
}

/* On the way back to user mode on kt: act on the lowest pending, unblocked signal, sent to the
 * process or to kt's context alone. */
void signal_deliver(struct kthread* kt) {
  struct proc* p = kt->proc;
  uint32_t ready = (p->sigpending | kt->sigpending) & ~*sigmaskof(kt);
  if (ready == 0) return;
  int sig = __builtin_ctz(ready) + 1;
  /* A context's own signals came from tgkill or kasane_ctx_kill (sigthread.c): Linux's SI_TKILL,
   * as the process's from tgkill are; the rest came from kill (SI_USER), or from the kernel itself
   * (sender 0: SIGALRM of a timer, SI_KERNEL as on Linux). si_uid stays 0: every process is
   * root's. */
  int code = SI_TKILL;
  uint32_t value = 0;
  if (kt->sigpending & bit(sig)) {
    kt->sigpending &= ~bit(sig);
  } else {
    p->sigpending &= ~bit(sig);
    if (!(p->sigtkill & bit(sig))) code = p->sigfrom[sig] ? SI_USER : SI_KERNEL;
    if (sig == SIGCHLD && p->chldcode) { /* a child's end (signal_child) */
      code = p->chldcode;
      value = p->chldstatus; /* si_status lies where si_value does */
      p->chldcode = 0;
    }
  }
  int from = p->sigfrom[sig];
  uint32_t h = p->sigact[sig].handler;
  if (h == SIG_IGN || (h == SIG_DFL && ignored_by_default(sig))) return;
  if (h == SIG_DFL) {
    proc_exit_signal(p, sig);
    return;
  }
  /* Before the frame saves the registers. */
  syscall_settle(kt, (p->sigact[sig].flags & SA_RESTART) ? SETTLE_HANDLER_RESTART : SETTLE_HANDLER);
  signal_frame(kt, sig, code, (uint32_t)from /* si_pid */, value);
}

/* rt_sigaction(sig, act, oact, sigsetsize). */
int32_t sys_rt_sigaction(void) {
  struct proc* p = myproc();
  uint32_t sig, act, oact, size;
  argint(0, &sig);
  argint(1, &act);
  argint(2, &oact);
  argint(3, &size);
  if (sig < 1 || sig >= NSIG || sig == SIGKILL || sig == 23 /* SIGSTOP on MIPS */ ||
      size != 16)
    return -EINVAL;
  struct ksigaction old = p->sigact[sig], new;
  if (act && copyin(p->vm, &new, act, sizeof new) < 0) return -EFAULT;
  if (oact && copyout(p->vm, oact, &old, sizeof old) < 0) return -EFAULT;
  if (act) p->sigact[sig] = new;
  if (act && signal_dropped(p, sig, 0)) { /* now ignored: pending ones go too, as on Linux */
    p->sigpending &= ~bit(sig);
    if (sig == SIGCHLD) p->chldcode = 0;
    for (int n = 0; n < ncpus; n++) p->kt[n].sigpending &= ~bit(sig);
    uthread_forget_signal(p, sig);
  }
  return 0;
}

/* rt_sigprocmask(how, set, oset, sigsetsize): the calling thread's mask (sigmaskof); the first
 * 32 signals are all there are. */
int32_t sys_rt_sigprocmask(void) {
  struct proc* p = myproc();
  uint32_t* m = sigmaskof(mykt());
  uint32_t how, set, oset, size, mask[4] = {0};
  argint(0, &how);
  argint(1, &set);
  argint(2, &oset);
  argint(3, &size);
  if (size != 16) return -EINVAL;
  uint32_t old[4] = {*m, 0, 0, 0};
  if (set && copyin(p->vm, mask, set, sizeof mask) < 0) return -EFAULT;
  if (set) {
    uint32_t s = mask[0] & ~bit(SIGKILL);
    if (how == SIG_BLOCK) *m |= s;
    else if (how == SIG_UNBLOCK) *m &= ~s;
    else if (how == SIG_SETMASK) *m = s;
    else return -EINVAL;
  }
  if (oset && copyout(p->vm, oset, old, sizeof old) < 0) return -EFAULT;
  return 0;
}

/* rt_sigreturn(): the handler returned through the trampoline; $sp is the frame. Restore the
 * registers (the FP ones too, if sc_used_math says the frame has them) and the mask the frame
 * holds. */
int32_t sys_rt_sigreturn(void) {
  struct kthread* kt = mykt();
  struct proc* p = kt->proc;
  struct trapframe* tf = kt->tf;
  struct kasane_ucontext uc;
  uint32_t at = tf->regs[REG_SP] + offsetof(struct kasane_rt_sigframe, rs_uc);
  if (copyin(p->vm, &uc, at, sizeof uc) < 0) {
    printf("kasane: pid %d (%s): rt_sigreturn finds no signal frame at sp 0x%08x (SIGSEGV)\n",
           p->pid, p->name, tf->regs[REG_SP]);
    proc_exit_signal(p, SIGSEGV);
    return 0;
  }
  for (int i = 1; i < 32; i++) tf->regs[i] = (uint32_t)uc.uc_mcontext.sc_regs[i];
  tf->hi = (uint32_t)uc.uc_mcontext.sc_mdhi;
  tf->lo = (uint32_t)uc.uc_mcontext.sc_mdlo;
  tf->epc = (uint32_t)uc.uc_mcontext.sc_pc;
  if (uc.uc_mcontext.sc_used_math) {
    for (int i = 0; i < 32; i += 2) {
      kt->fp.fpr[i] = (uint32_t)uc.uc_mcontext.sc_fpregs[i];
      kt->fp.fpr[i + 1] = (uint32_t)(uc.uc_mcontext.sc_fpregs[i] >> 32);
    }
    kt->fp.fcsr = uc.uc_mcontext.sc_fpc_csr & FCSR_WRITABLE;
    fpu_discard(kt);
  }
  *sigmaskof(kt) = uc.uc_sigmask[0] & ~bit(SIGKILL);
  kt->tf_restored = 1;
  return 0;
}
