/* Kernel notifications (../shared/design/os.md, seed 002): the contract between the kernel and the
 * thread runtime, shared by both.
 *
 * The runtime registers once with kasane_notify_register(&reg). From then on, when a user thread's
 * system call must wait (disk I/O, a sleep), the kernel parks the request for the thread
 * management block (ThMB) that reg.thmbs[CPU] names, and enters reg.entry on the same
 * architecture thread with
 *     $a0 = event, $a1 = ThMB the event is about, $a2 = argument, $a3 = CPU + 1,
 *     $sp = reg.stacks[CPU] (as it was at registration), $ra = 0,
 * having set reg.thmbs[CPU] to 0, where CPU is the context's machine-wide number (core * contexts
 * + LTN - 1: rdhwr $0, EBase.CPUNum; on a machine of one core, LTN - 1, and $a3 the LTN): while it is 0 the runtime is inside the handler and the
 * kernel queues further events for that context instead of entering it again. The runtime stores
 * the ThMB of the thread it runs next back into the slot (a plain store), and continues it with
 * kasane_notify_resume(thmb) or its own code.
 *
 * A ThMB starts with struct kasane_regs; the rest belongs to the runtime. The kernel writes the
 * registers of a thread there when it needs them kept: those of the thread it interrupts to enter
 * the handler (any event but BLOCKED), and those of a parked call's thread, its result in
 * $v0/$a3, when the call ends, before UNBLOCKED. A BLOCKED thread's registers stay with its
 * parked call until then: it cannot run before UNBLOCKED. */
#ifndef KASANE_NOTIFY_H
#define KASANE_NOTIFY_H

#include <stdint.h>

/* Events ($a0 of the upcall, or si_code of the SIGIO of the signal variant). */
/* With KASANE_NOTIFY_SIGNAL, siginfo carries the event in si_code, the ThMB in si_addr (byte 12)
 * and the argument in si_value (byte 20), as Linux lays siginfo out on MIPS. */
#define KASANE_EV_BLOCKED 1   /* the thread of ThMB $a1 waits in the kernel; $a2 = syscall number */
#define KASANE_EV_UNBLOCKED 2 /* its call finished: its registers in its ThMB, the result in $v0/$a3;
                               * $a2 = the result (-errno on failure) */
#define KASANE_EV_PREEMPTED 3 /* the time slice of this context ended; ThMB $a1 = the thread */

/* Registration flags. */
#define KASANE_NOTIFY_SIGNAL 0x1u   /* deliver events as SIGIO with a signal frame (the baseline) */
#define KASANE_NOTIFY_SHORTCUT 0x2u /* completion before block: no BLOCKED if the call finishes
                                     * within shortcut_cycles of starting to wait */
#define KASANE_NOTIFY_PREEMPT 0x4u  /* report time-slice ends on context 0 as PREEMPTED */

/* The user registers of a thread, as the kernel saves them. */
struct kasane_regs {
  uint32_t r[32]; /* r[n] = $n; r[0] is 0 */
  uint32_t hi, lo;
  uint32_t pc;    /* where the thread continues */
  uint32_t pad;
};

struct kasane_notify_reg {
  uint32_t entry;           /* upcall handler: void handler(int ev, void* thmb, long arg, int ltn) */
  uint32_t stacks;          /* user address of uint32_t[cores * contexts]: upcall stack top per CPU,
                             * read when registering (register again to change them) */
  uint32_t thmbs;           /* user address of uint32_t[cores * contexts]: ThMB running on each
                             * CPU, or 0 */
  uint32_t flags;           /* KASANE_NOTIFY_* */
  uint32_t shortcut_cycles; /* with KASANE_NOTIFY_SHORTCUT: how long to wait before BLOCKED
                             * (at most a time slice: SHORTCUTMAX in os/param.h) */
  uint32_t pending;         /* user address of a uint32_t the kernel keeps nonzero while events
                             * wait in the process's queue, or 0 for none. Events are delivered
                             * only on a return to user mode, and none while the slot is 0: a
                             * handler that continues a thread with its own code rather than
                             * kasane_notify_resume stores the slot, then looks here and makes a
                             * system call if it is set. */
};

/* What the kernel counted for the calling process (kasane_notify_stats). New fields go at the
 * end so that the others keep their offsets; the kernel writes the whole struct, so a caller's
 * buffer must be this header's size (every program in the tree is built with it). */
struct kasane_notify_stats {
  uint32_t blocked;     /* BLOCKED events raised */
  uint32_t unblocked;   /* UNBLOCKED events raised */
  uint32_t preempted;   /* PREEMPTED events raised */
  uint32_t shortcuts;   /* waits that ended before BLOCKED was raised (no event at all) */
  uint32_t signals;     /* signals delivered (any signal, notification or not) */
  uint32_t cache_hits;  /* buffer-cache hits of the whole system (no wait, no event) */
  uint32_t cache_misses;/* buffer-cache misses of the whole system */
  /* Low 32 bits of the core's cycle counter (what kasane_cycles() reads) when the kernel last
   * decided that a call of this process must wait and raised BLOCKED for it: after the shortcut
   * window, before it parks the call. The start of the notification's cost (threadctl). */
  uint32_t last_blocked_cycle;
};

#endif /* KASANE_NOTIFY_H */
