/* upcall.h - the smallest thread runtime that kernel notifications need (include/kasane/notify.h),
 * for the notification tests. Header-only, like check.h.
 *
 * Two user threads share the main thread's context: `main` (the program) and `worker`, which only
 * counts. upcall_register() registers upcall_entry with an upcall stack per context and the ThMB
 * slot array, main's ThMB in its slot. Then:
 *   BLOCKED    main's system call waits in the kernel, which keeps main's registers with the
 *              call until it ends. The handler starts the worker afresh on its own stack; the
 *              worker's first act is to put thmb_worker in the slot (the kernel zeroed it on
 *              entering the handler), so that the kernel knows whose registers to save when it
 *              next interrupts it.
 *   UNBLOCKED  main's call has ended (its registers, the result in $v0/$a3, are in thmb_main);
 *              the kernel has saved the worker's registers in thmb_worker. The handler puts the
 *              ThMB back in the slot and continues it with kasane_notify_resume; the worker is
 *              simply dropped.
 *   PREEMPTED  the same as UNBLOCKED: continue the thread the event names.
 * Each event is counted, with its last argument and ThMB, in upcall_seen[]. */
#ifndef KASANE_OS_TEST_UPCALL_H
#define KASANE_OS_TEST_UPCALL_H

#include <kasane/kasane_isa.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <stdint.h>

#define UPCALL_UNUSED __attribute__((__unused__))
#define UPCALL_NCTX 16    /* slots for every context the machine may have */
#define UPCALL_STACK 4096 /* bytes of upcall stack per context, and of the worker's stack */

/* A thread management block: the registers the kernel saves, then whatever the runtime wants. */
struct thmb {
  struct kasane_regs regs;
};

/* The calling context's slot: its CPU number (rdhwr $0: core * contexts + LTN - 1), by which the
 * kernel indexes the slot and stack arrays (on one core, LTN - 1). */
static inline UPCALL_UNUSED int upcall_cpu(void) {
  uint32_t cpu;
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  return (int)cpu;
}

/* Slot per CPU number: the ThMB running there, or 0. volatile: the kernel reads it at any time, so a
 * store to it is never dead (gcc drops the worker's store before its endless loop otherwise). */
static volatile uint32_t upcall_thmbs[UPCALL_NCTX];
static uint32_t upcall_stacks[UPCALL_NCTX]; /* upcall stack top per CPU number */
static char upcall_stack[UPCALL_NCTX][UPCALL_STACK] __attribute__((aligned(8)));
static char worker_stack[UPCALL_STACK] __attribute__((aligned(8)));
static struct thmb thmb_main, thmb_worker;
static volatile uint32_t worker_count; /* how far the worker got */

/* What the handler saw, by event (KASANE_EV_*). */
static volatile struct {
  uint32_t count;
  uint32_t arg;   /* $a2 of the last one */
  uint32_t thmb;  /* $a1 of the last one */
} upcall_seen[4];

/* The kernel enters here with $a0-$a3 = event, ThMB, argument, LTN and $sp = this context's
 * upcall stack. $gp is whatever the interrupted thread had: load ours, as the handler is non-PIC C
 * code that reaches small data through it. */
void upcall_entry(void);
__attribute__((noreturn, used)) void upcall_handler(long ev, void* thmb, long arg, long ltn);
__asm__(
    "  .text\n"
    "  .globl upcall_entry\n"
    "  .type upcall_entry, @function\n"
    "upcall_entry:\n"
    "  la $gp, _gp\n"
    "  j upcall_handler\n"
    "  .size upcall_entry, . - upcall_entry\n");

/* Continue fn(arg) on the stack whose top is sp; does not return. */
__attribute__((noreturn)) static void upcall_run_on(void (*fn)(long), long arg, char* sp) {
  register void (*t9)(long) __asm__("$25") = fn;
  register long a0 __asm__("$4") = arg;
  register char* t0 __asm__("$8") = sp;
  __asm__ volatile(".set push\n.set noreorder\nmove $sp, $8\njr $25\nnop\n.set pop"
                   :
                   : "r"(t9), "r"(a0), "r"(t0)
                   : "memory");
  __builtin_unreachable();
}

/* The worker: claim the slot of context ltn, then count for ever. */
__attribute__((noreturn)) static void worker_main(long ltn) {
  upcall_thmbs[ltn - 1] = (uint32_t)&thmb_worker;
  for (;;) worker_count++;
}

void upcall_handler(long ev, void* thmb, long arg, long ltn) {
  if (ev >= 1 && ev <= 3) {
    upcall_seen[ev].count++;
    upcall_seen[ev].arg = (uint32_t)arg;
    upcall_seen[ev].thmb = (uint32_t)thmb;
  }
  if (ev == KASANE_EV_BLOCKED) upcall_run_on(worker_main, ltn, worker_stack + UPCALL_STACK - 16);
  upcall_thmbs[ltn - 1] = (uint32_t)thmb;
  kasane_notify_resume(thmb);
  for (;;) { /* the kernel refused the ThMB: nothing sensible is left to run */
  }
}

/* Register the handler for this process with flags (KASANE_NOTIFY_*), the calling thread being
 * `main` on its context: 0, or -1 with errno. */
static UPCALL_UNUSED int upcall_register(uint32_t flags) {
  for (int i = 0; i < UPCALL_NCTX; i++)
    upcall_stacks[i] = (uint32_t)(upcall_stack[i] + UPCALL_STACK - 16);
  upcall_thmbs[upcall_cpu()] = (uint32_t)&thmb_main;
  struct kasane_notify_reg reg = {(uint32_t)upcall_entry, (uint32_t)upcall_stacks,
                                  (uint32_t)upcall_thmbs, flags, 0, 0};
  return kasane_notify_register(&reg);
}

#endif /* KASANE_OS_TEST_UPCALL_H */
