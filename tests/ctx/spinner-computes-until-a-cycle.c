/* spinner-computes-until-a-cycle - a busy process for the context-mode tests that read stats.json
 * and the timeline (tests/host/test_context_mode.py): it computes until the cycle counter reaches
 * UNTIL (argument 1, in thousands of cycles; default 300, a short run), at nice NICE (argument 2,
 * default 0). Argument 3 may ask for more: "cookie" takes a core-scheduling cookie of its own
 * (PR_SCHED_CORE_CREATE for its thread group) first; "share" takes one and then spawns two copies
 * of itself, which inherit it, and waits for them; "roi" computes inside region of interest 7. It
 * makes no system call while it computes, so every cycle it holds a CPU is its own.
 * Expect: status 0 */
#include <kasane/syscalls.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "check.h"
#include "thread.h"

int main(int argc, char** argv) {
  uint32_t until = (argc > 1 ? (uint32_t)atoi(argv[1]) : 300) * 1000u;
  int nice = argc > 2 ? atoi(argv[2]) : 0;
  const char* more = argc > 3 ? argv[3] : "";
  if (nice) CHECK_INT(setpriority(PRIO_PROCESS, 0, nice), 0);
  if (strcmp(more, "cookie") == 0 || strcmp(more, "share") == 0)
    CHECK_INT(prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_TGID, 0), 0);
  if (strcmp(more, "share") == 0) {
    char ub[12], nb[12];
    snprintf(ub, sizeof ub, "%u", until / 1000u);
    snprintf(nb, sizeof nb, "%d", nice);
    char* av[] = {argv[0], ub, nb, 0};
    char* ev[] = {0};
    pid_t a = kasane_spawn(argv[0], av, ev), b = kasane_spawn(argv[0], av, ev);
    int sa = -1, sb = -1;
    CHECK(a > 0 && b > 0 && waitpid(a, &sa, 0) == a && waitpid(b, &sb, 0) == b);
    CHECK(WIFEXITED(sa) && WEXITSTATUS(sa) == 0 && WIFEXITED(sb) && WEXITSTATUS(sb) == 0);
    return check_done();
  }
  if (strcmp(more, "roi") == 0) kasane_roi(1, 7);
  volatile uint32_t x = 1;
  while ((int32_t)(cycles() - until) < 0)
    for (int i = 0; i < 1000; i++) x = x * 1664525u + 1013904223u;
  if (strcmp(more, "roi") == 0) kasane_roi(0, 7);
  printf("spinner done, %u\n", x != 0);
  return check_done();
}
