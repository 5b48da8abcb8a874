/* munmap-stops-threads-on-a-sibling-and-another-core - in context mode the threads of one process
 * run on several CPUs at once: here two clone threads store to one page without a pause, one
 * pinned to a sibling context of the main thread's CPU (the same core, so the same TLB) and, with
 * several cores, one to a context of another core (another TLB). The main thread then unmaps the
 * page. Each store after that must fault: the main thread's own TLB entry is dropped by the
 * munmap, the other core's by the shoot-down it waits for before the page is freed. The fault
 * kills the process (SIGSEGV); a stale entry would let a thread store on into a freed page, and
 * the main thread, which gives them a long while to fault, then exits 1.
 * Expect: signal SIGSEGV */
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "kthread.h"
#include "smp.h"

static char stacks[2][2048] __attribute__((aligned(8)));
static volatile int ctid[2] = {-1, -1};
static volatile int running[2];
static volatile uint32_t* page;

static void store(void* arg) {
  int i = (int)(long)arg;
  running[i] = this_cpu() + 1;
  for (uint32_t n = 0;; n++) page[i] = n; /* until the page goes: SIGSEGV */
}

int main(void) {
  page = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(page != MAP_FAILED);
  page[0] = page[1] = 0;
  int me = this_cpu(), per = core_contexts();
  unsigned long none;
  int cores = kasane_ctx_map(&none, 0); /* n = 0: only how many cores */
  int cpu[2] = {me - me % per + (me % per + 1) % per, (me / per + 1) % cores * per};
  int threads = cores > 1 ? 2 : 1;
  for (int i = 0; i < threads; i++) {
    long t = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                    (int*)&ctid[i], store, (void*)(long)i);
    CHECK(t > 0);
    unsigned long m = 1ul << cpu[i];
    CHECK_INT(ksys(SYS_sched_setaffinity, t, sizeof m, (long)&m, 0), 0);
  }
  uint32_t t0 = cycles();
  for (int i = 0; i < threads; i++)
    while (running[i] != cpu[i] + 1 && cycles() - t0 < 20000000u) {
    }
  for (int i = 0; i < threads; i++) CHECK_INT(running[i], cpu[i] + 1);
  if (check_failures) _exit(1);
  CHECK_INT(munmap((void*)page, 4096), 0);
  for (t0 = cycles(); cycles() - t0 < 2000000u;) {
  }
  printf("a thread stored on into the unmapped page  FAIL\n");
  _exit(1);
}
