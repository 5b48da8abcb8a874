/* pending-word-says-when-events-wait-for-the-handler - the word a runtime registers as
 * kasane_notify_reg.pending (include/kasane/notify.h) is nonzero exactly while events wait in the
 * process's queue. A word that is not user memory is refused (EFAULT). main registers with it
 * (0: nothing queued) and sleeps 1 ms in nanosleep, which
 * parks and enters the handler with BLOCKED. The handler stays in (its slot 0, so the kernel
 * cannot deliver) until the sleep's UNBLOCKED queues: the word becomes 1. It then puts a ThMB of
 * its own in the slot and makes a system call, whose way back delivers UNBLOCKED: the word is 0
 * again, and main continues from its ThMB with nanosleep's 0.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <time.h>

#include "check.h"

#define NSLOT 16
#define SPIN 20000000 /* handler rounds before it gives up waiting for the word (a fail) */

static volatile uint32_t slots[NSLOT];
static uint32_t stacks[NSLOT];
static char stack[NSLOT][2048] __attribute__((aligned(8)));
static struct kasane_regs thmb_main, thmb_handler;
static volatile uint32_t pending = 0xdead; /* the kernel writes 0 at registration */
static volatile uint32_t at_blocked = 0xdead, while_queued = 0xdead, at_unblocked = 0xdead;
static volatile uint32_t unblocked_thmb, unblocked_arg;

void pend_entry(void);
__attribute__((noreturn, used)) void pend_handler(long ev, void* thmb, long arg, long ltn);
__asm__(
    "  .text\n"
    "  .globl pend_entry\n"
    "pend_entry:\n"
    "  la $gp, _gp\n"
    "  j pend_handler\n");

void pend_handler(long ev, void* thmb, long arg, long ltn) {
  if (ev == KASANE_EV_BLOCKED) {
    at_blocked = pending;
    for (int n = 0; n < SPIN && !pending; n++) {
    }
    while_queued = pending;
    slots[ltn - 1] = (uint32_t)&thmb_handler;
    struct kasane_notify_stats s;
    kasane_notify_stats(&s); /* any system call: its way out delivers the queued event */
    for (;;) { /* not reached: UNBLOCKED enters the handler again */
    }
  }
  at_unblocked = pending;
  unblocked_thmb = (uint32_t)thmb;
  unblocked_arg = (uint32_t)arg;
  slots[ltn - 1] = (uint32_t)thmb;
  kasane_notify_resume(thmb);
  for (;;) { /* the kernel refused the ThMB */
  }
}

int main(void) {
  for (int i = 0; i < NSLOT; i++) stacks[i] = (uint32_t)(stack[i] + sizeof stack[i] - 16);
  slots[kasane_tid() - 1] = (uint32_t)&thmb_main;
  struct kasane_notify_reg reg = {(uint32_t)pend_entry, (uint32_t)stacks, (uint32_t)slots, 0, 0,
                                  4}; /* not user memory */
  CHECK_INT(kasane_notify_register(&reg), -1);
  CHECK_INT(pending, 0xdead);
  reg.pending = (uint32_t)&pending;
  CHECK_INT(kasane_notify_register(&reg), 0);
  CHECK_INT(pending, 0);
  struct timespec ts = {0, 1000000};
  CHECK_INT(nanosleep(&ts, 0), 0); /* parked: BLOCKED, then UNBLOCKED resumes us here */
  CHECK_INT(at_blocked, 0);
  CHECK_INT(while_queued, 1);
  CHECK_INT(at_unblocked, 0);
  CHECK_INT(unblocked_thmb, (uint32_t)&thmb_main);
  CHECK_INT(unblocked_arg, 0);
  CHECK_INT(pending, 0);
  struct kasane_notify_stats s;
  CHECK_INT(kasane_notify_stats(&s), 0);
  CHECK_INT(s.blocked, 1);
  CHECK_INT(s.unblocked, 1);
  return check_done();
}
