/* timed-sleeps-beyond-any-table-all-wake - more threads sleep in nanosleep at once than the
 * kernel's old fixed table of timed sleeps held (64), and every one wakes after its full time.
 * The parent spawns 15 children (the process table's 16 slots), then registers for kernel
 * notifications with a handler that calls nanosleep(2 ms) on every entry with a fresh ThMB in its
 * slot, so each call is parked (BLOCKED re-enters the handler) until the kernel's 32 parked calls
 * are taken; the next call holds context 0, the core goes to the children, and each sleeps 2 ms
 * on every context it can take (4 by default): 32 + 1 + 60 timed sleeps. Each child checks with
 * CLOCK_MONOTONIC that each of its sleeps lasted its whole time and exits 0; the parent waits for
 * them all and checks that the kernel parked at least 32 of its calls.
 * Expect: status 0 */
#include <kasane/kasane_isa.h>
#include <kasane/notify.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "check.h"
#include "thread.h"

#define NCHILD 15
#define NSLOT 16
#define CALLS 33 /* the 32 the kernel parks and one more, which holds context 0 */

static volatile uint32_t slots[NSLOT];
static uint32_t stacks[NSLOT];
static char stack[NSLOT][2048] __attribute__((aligned(8)));
static struct kasane_regs thmbs[CALLS + 1];
static volatile int calls;
static pid_t pids[NCHILD];

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* Sleep 2 ms: 1 if it took at least that long and nanosleep said 0. */
static int sleep_2ms(void) {
  struct timespec ts = {0, 2000000};
  int64_t t0 = now_ns();
  int r = nanosleep(&ts, 0);
  return r == 0 && now_ns() - t0 >= 2000000;
}

/* Child: sleep on every context it gets; exit 0 if every sleep was whole. */
static volatile int slept_ok[NSLOT];
static char tstack[NSLOT][2048] __attribute__((aligned(8)));
static void sleeper(void* arg) { slept_ok[(int)arg] = sleep_2ms(); }

static int child(void) {
  struct thread t[NSLOT];
  int n = 0;
  while (n < NSLOT - 1 && thread_start(&t[n], sleeper, (void*)n, tstack[n], sizeof tstack[n]) > 0)
    n++;
  int ok = sleep_2ms();
  for (int i = 0; i < n; i++) {
    while (!t[i].done) {
    }
    ok &= slept_ok[i];
  }
  return ok ? 0 : 1;
}

/* Parent, after the calls: wait for every child and check the notification counts. */
static void finish(void) {
  for (int i = 0; i < NCHILD; i++) {
    int status = -1;
    CHECK_INT(waitpid(pids[i], &status, 0), pids[i]);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  struct kasane_notify_stats s;
  CHECK_INT(kasane_notify_stats(&s), 0);
  CHECK(s.blocked >= 32);
  printf("%u calls parked, %d calls made, %d children slept\n", s.blocked, calls, NCHILD);
  exit(check_done());
}

void sleep_entry(void);
__attribute__((noreturn, used)) void sleep_handler(long ev, void* thmb, long arg, long ltn);
__asm__(
    "  .text\n"
    "  .globl sleep_entry\n"
    "sleep_entry:\n"
    "  la $gp, _gp\n"
    "  j sleep_handler\n");

void sleep_handler(long ev, void* thmb, long arg, long ltn) {
  (void)ev, (void)thmb, (void)arg;
  for (;;) {
    int k = ++calls;
    if (k > CALLS) finish(); /* the slot stays 0: later events wait, unseen */
    slots[ltn - 1] = (uint32_t)&thmbs[k];
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, 0); /* parked: the handler starts again from the top */
  }
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) return child();
  for (int i = 0; i < NCHILD; i++) {
    pids[i] = spawn_self(argv[0], "child", 0);
    CHECK(pids[i] > 0);
  }
  for (int i = 0; i < NSLOT; i++) stacks[i] = (uint32_t)(stack[i] + sizeof stack[i] - 16);
  struct kasane_notify_reg reg = {(uint32_t)sleep_entry, (uint32_t)stacks, (uint32_t)slots, 0, 0, 0};
  CHECK_INT(kasane_notify_register(&reg), 0);
  uint32_t cpu; /* the handler's $a3: the CPU number + 1 (on one core, the LTN) */
  __asm__ volatile("rdhwr %0, $0" : "=r"(cpu));
  sleep_handler(0, 0, 0, (long)cpu + 1);
}
