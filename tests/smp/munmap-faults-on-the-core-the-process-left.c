/* munmap-faults-on-the-core-the-process-left - on two cores, a page this process wrote on one core
 * (so that core's TLB maps it) and then unmapped on the other core must fault when the process is
 * back on the first core and touches it again: the munmap shot down the first core's TLB. Two
 * spinning children keep both cores busy, so sched_yield moves this process between cores; a
 * stale TLB entry would let the last store land in a freed page and the program exit 1.
 * Expect: signal SIGSEGV */
#include <signal.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "smp.h"

/* Yield until this process runs on core `want`; a run that cannot get there fails (status 1,
 * not the SIGSEGV the test wants). In context mode, with a CPU for each of the three processes,
 * no yield moves it: it pins itself to context 0 of that core instead. */
static void move_to(int want) {
  if (smt_context()) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(want * core_contexts(), &set);
    CHECK_INT(sched_setaffinity(0, sizeof set, &set), 0);
  }
  for (int n = 0; n < 1000 && this_core() != want; n++) sched_yield();
  CHECK_INT(this_core(), want);
  if (check_failures) _exit(1);
}

int main(int argc, char** argv) {
  if (argc > 1)
    for (;;) {
    }

  pid_t s1 = spawn_self(argv[0], "spin", 0), s2 = spawn_self(argv[0], "spin", 0);
  CHECK(s1 > 0 && s2 > 0);
  volatile int* page = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  CHECK(page != MAP_FAILED);
  int first = this_core();
  page[0] = 1; /* this core's TLB maps the page now */
  move_to(!first);
  CHECK_INT(page[0], 1);
  CHECK_INT(munmap((void*)page, 4096), 0);
  if (check_failures) _exit(1);
  move_to(first);
  printf("back on core %d after the munmap on core %d: touching the page\n", first, !first);
  fflush(stdout);
  page[0] = 2; /* SIGSEGV here */
  printf("the store went through a stale TLB entry  FAIL\n");
  kill(s1, SIGKILL);
  kill(s2, SIGKILL);
  return 1;
}
