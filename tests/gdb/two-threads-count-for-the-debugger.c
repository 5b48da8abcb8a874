/* A program for the debugger tests (tests/host/test_gdb.py): main and a second thread, each on a
 * hardware context of its own, count in counts[0] and counts[1] through add_to_count(), where the
 * tests put a breakpoint; they watch counts[1] and read it. The exit status, 42 when both counts
 * are right, tells the tests that the run went on to its end with GDB attached. */
#include <pthread.h>
#include <stdio.h>

volatile int counts[2];

__attribute__((noinline)) void add_to_count(int who, int n) { counts[who] += n; }

static void* count(void* arg) {
  const int who = (int)(long)arg;
  for (int i = 0; i < 100; ++i) add_to_count(who, who + 1);
  return 0;
}

int main(void) {
  pthread_t t;
  if (pthread_create(&t, 0, count, (void*)1L) != 0) return 1;
  count((void*)0L);
  pthread_join(t, 0);
  printf("counts %d %d\n", counts[0], counts[1]);
  return counts[0] == 100 && counts[1] == 200 ? 42 : 1;
}
