/* four-threads-spin-until-a-cycle - a process of four busy kernel threads for the context-mode
 * test of IAS (tests/host/test_ias_context_mode.py): the main thread and three clone threads
 * compute until the cycle counter reaches UNTIL (argument 1, in thousands of cycles; default 300),
 * making no system call while they do, so every thread is runnable all the time and each CPU's
 * queue holds threads of every such process. With argument 2 "report", the main thread reports
 * the scheduler's counters summed over the CPUs (kasane_sched_stats) once its threads are done:
 * sched.picks, sched.time_aggr, sched.space_aggr (the IAS paper's aggregations). Argument 3, if
 * given, is a cycle (in thousands) before which the main thread sleeps before it starts any
 * thread: a second process started so finds the first one's threads spread over the CPUs and
 * spreads its own among them, where two started at once would each keep a CPU of their own.
 * Expect: status 0 */
#include <kasane/ias.h>
#include <kasane/syscalls.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "kthread.h"
#include "thread.h"

#define NCLONE 3

static char stacks[NCLONE][2048] __attribute__((aligned(8)));
static volatile int ctid[NCLONE];
static uint32_t until;
static volatile uint32_t sink[NCLONE + 1];

static void spin(void* arg) {
  uint32_t x = 1;
  while ((int32_t)(cycles() - until) < 0)
    for (int i = 0; i < 1000; i++) x = x * 1664525u + 1013904223u;
  sink[(long)arg] = x;
}

int main(int argc, char** argv) {
  until = (argc > 1 ? (uint32_t)atoi(argv[1]) : 300) * 1000u;
  int report = argc > 2 && strcmp(argv[2], "report") == 0;
  uint32_t start = (argc > 3 ? (uint32_t)atoi(argv[3]) : 0) * 1000u;
  while ((int32_t)(cycles() - start) < 0) usleep(100);
  for (long i = 0; i < NCLONE; i++) {
    ctid[i] = -1;
    long t = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[i] + sizeof stacks[i], (int*)&ctid[i], 0,
                    (int*)&ctid[i], spin, (void*)(i + 1));
    CHECK(t > 0);
  }
  spin((void*)0);
  for (int i = 0; i < NCLONE; i++) kjoin(&ctid[i]);
  if (report) {
    struct kasane_sched_stats s;
    CHECK_INT(kasane_sched_stats(-1, &s), 0);
    kasane_report("sched.picks", s.picks);
    kasane_report("sched.time_aggr", s.time_aggr);
    kasane_report("sched.space_aggr", s.space_aggr);
  }
  return check_done();
}
