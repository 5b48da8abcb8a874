/* fp-state-survives-preemption-between-processes - the kernel keeps each process's FP registers
 * and FCSR across process switches and lets none leak into the other: this program and a child
 * (itself, spawned) fill all 32 FP registers with different values, set different rounding
 * modes (toward minus infinity and toward zero), and for WINDOW cycles, far longer than a time
 * slice, divide -1 by 3 in single precision -- whose last bit depends on the rounding mode --
 * and check every register and FCSR (the rounding mode and the Inexact flag). Passes if neither ever finds a value wrong and each was
 * switched out at least MIN_GAPS times (a chunk of checks took more than GAP cycles). Both are
 * pinned to CPU 0 (core 0 in core mode), so that in context mode, where the other contexts are
 * CPUs too, they share one and are switched.
 * Expect: status 0 */
#include <sched.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "fpregs.h"
#include "thread.h"

#define WINDOW 10000000u /* cycles each process keeps checking: two fair slices of each */
#define GAP 500000u     /* a check that took longer than this was switched out */
#define MIN_GAPS 2
#define MINUS_ONE 0xbf800000u /* -1.0f */
#define THREE 0x40400000u     /* 3.0f */
#define FCSR_CAUSE 0x3f000u   /* what the last instruction raised: Inexact, by each division */
#define FLAG_I 0x4u           /* the sticky Inexact flag */

/* Fill the registers from seed with -1 in $f2, 3 in $f4, and -1/3 rounded in $f0, under
 * rounding mode rm, then check them until WINDOW cycles have passed. The number of wrong
 * checks; *gaps, the times it was switched out. */
static int run(uint32_t seed, uint32_t rm, uint32_t quotient, int* gaps) {
  uint32_t want[32], got[32];
  for (int n = 0; n < 32; n++) want[n] = fp_pattern(seed, n);
  want[0] = quotient;
  want[2] = MINUS_ONE;
  want[4] = THREE;
  fp_set_fcsr(rm);
  fp_load_all(want);
  int bad = 0;
  *gaps = 0;
  uint32_t start = cycles(), last = start;
  while (cycles() - start < WINDOW) {
    __asm__ volatile(FP_ASM("div.s $f0, $f2, $f4\n"));
    fp_store_all(got);
    bad += memcmp(got, want, sizeof got) != 0 || (fp_get_fcsr() & ~FCSR_CAUSE) != (rm | FLAG_I);
    uint32_t now = cycles();
    *gaps += now - last > GAP;
    last = now;
  }
  return bad;
}

int main(int argc, char** argv) {
  int gaps;
  if (argc > 1 && strcmp(argv[1], "child") == 0) {
    int bad = run(0xc0ffee00u, 1 /* toward zero */, 0xbeaaaaaau, &gaps);
    printf("child: %d wrong, %d pauses\n", bad, gaps);
    return bad == 0 && gaps >= MIN_GAPS ? 42 : 1;
  }
  cpu_set_t zero;
  CPU_ZERO(&zero);
  CPU_SET(0, &zero);
  CHECK_INT(sched_setaffinity(0, sizeof zero, &zero), 0); /* the child inherits it */
  char* cargv[] = {argv[0], "child", 0};
  char* cenvp[] = {0};
  pid_t pid = kasane_spawn(argv[0], cargv, cenvp);
  CHECK(pid > 0);
  /* Let the child begin its window first: under a fair scheduler a new process waits a slice
   * before it runs (Linux's START_DEBIT), and its window would then overlap too little of ours
   * for two pauses; waking, this one gets back its share soon. */
  struct timespec pause = {0, 300000};
  nanosleep(&pause, 0);
  CHECK_INT(run(0x0badf00du, 3 /* toward minus infinity */, 0xbeaaaaabu, &gaps), 0);
  CHECK(gaps >= MIN_GAPS);
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid);
  CHECK_INT(WEXITSTATUS(status), 42);
  return check_done();
}
