/* munmap-stops-a-thread-of-the-process-on-another-core - a thread of this process stores to an
 * anonymous page over and over on the other core (kasane_ctx_start), so that core's TLB maps it;
 * the main thread unmaps the page on this core. The munmap shoots the other core's TLB down, so
 * the thread's next store faults and SIGSEGV ends the process. A stale entry would let the
 * thread go on storing into a freed page, and the main thread exit 1 after a few time slices.
 * Expect: signal SIGSEGV */
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

#define STACK 4096

static volatile uint32_t* page;
static volatile uint32_t stores;
static struct thread th;
static char stack[STACK] __attribute__((aligned(8)));

static void store(void* arg) {
  (void)arg;
  for (;;) {
    page[1]++;
    stores++;
  }
}

int main(void) {
  int ncores = kasane_ctx_map(0, 0), other = (this_core() + 1) % ncores;
  page = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(page != MAP_FAILED);
  long cpu = thread_start_on(other, &th, store, 0, stack, STACK);
  CHECK_INT(cpu / core_contexts(), other);
  uint32_t t0 = cycles();
  while (stores < 1000 && cycles() - t0 < 3000000) {
  }
  CHECK(stores >= 1000);
  if (check_failures) _exit(2);
  CHECK_INT(munmap((void*)page, 4096), 0);
  for (t0 = cycles(); cycles() - t0 < 4000000;) compute(1000);
  printf("the thread on core %d still stores after the munmap\n", other);
  _exit(1);
}
