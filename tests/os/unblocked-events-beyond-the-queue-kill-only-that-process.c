/* unblocked-events-beyond-the-queue-kill-only-that-process - a child registers for kernel
 * notifications with a handler that never lets an event in: on every entry it names a fresh ThMB
 * in its slot and calls nanosleep(2 us), so the call is parked (BLOCKED re-enters the handler,
 * which zeroes the slot: "inside the handler") and its UNBLOCKED event joins the queue, where
 * nothing takes it. More events pile up than the kernel queues (NEVENTS, 64): the kernel kills
 * the child with SIGKILL and one console line, instead of a panic that ends the machine. The
 * parent goes on and sees the child killed by SIGKILL.
 * Expect: status 0
 * Stderr: notification events queued and none taken (SIGKILL) */
#include <kasane/kasane_isa.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "check.h"

#define NSLOT 16
#define CALLS 2000 /* far more than the queue holds: the kernel must have stopped us by then */

static volatile uint32_t slots[NSLOT];
static uint32_t stacks[NSLOT];
static char stack[NSLOT][2048] __attribute__((aligned(8)));
static struct kasane_regs thmbs[64];
static volatile int calls;

/* The kernel enters here ($a0..$a3 event, ThMB, argument, LTN; $sp this context's stack). */
void pile_entry(void);
__attribute__((noreturn, used)) void pile_handler(long ev, void* thmb, long arg, long ltn);
__asm__(
    "  .text\n"
    "  .globl pile_entry\n"
    "pile_entry:\n"
    "  la $gp, _gp\n"
    "  j pile_handler\n");

void pile_handler(long ev, void* thmb, long arg, long ltn) {
  (void)ev, (void)thmb, (void)arg;
  for (;;) {
    int k = ++calls;
    if (k > CALLS) exit(3);
    slots[ltn - 1] = (uint32_t)&thmbs[k % 64];
    struct timespec ts = {0, 2000};
    nanosleep(&ts, 0); /* parked: the handler starts again from the top */
  }
}

static int child(void) {
  for (int i = 0; i < NSLOT; i++) stacks[i] = (uint32_t)(stack[i] + sizeof stack[i] - 16);
  struct kasane_notify_reg reg = {(uint32_t)pile_entry, (uint32_t)stacks, (uint32_t)slots, 0, 0, 0};
  if (kasane_notify_register(&reg) != 0) return 1;
  uint32_t cpu; /* the handler's $a3: the CPU number + 1 (on one core, the LTN) */
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  pile_handler(0, 0, 0, (long)cpu + 1);
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  char* cargv[] = {argv[0], "child", 0};
  char* cenvp[] = {0};
  pid_t pid = kasane_spawn(argv[0], cargv, cenvp);
  CHECK(pid > 0);
  int status = 0;
  CHECK_INT(waitpid(pid, &status, 0), pid);
  CHECK(WIFSIGNALED(status));
  CHECK_INT(WTERMSIG(status), 9);
  return check_done();
}
