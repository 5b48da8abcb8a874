/* Every Linux clock id answers, and the time and usage calls benchmarks use work as on Linux:
 * REALTIME, MONOTONIC, PROCESS_CPUTIME_ID, THREAD_CPUTIME_ID, MONOTONIC_RAW, REALTIME_COARSE,
 * MONOTONIC_COARSE, BOOTTIME (and TAI) read, never go backwards, and the wall clock is past 2020;
 * clock_getres gives 1 ns for the fine clocks and at most 10 ms for the coarse ones; a loop of
 * work shows in the process's and the thread's CPU time, in clock() and getrusage's user plus
 * system time (a host splits the two by sampling: only the sum is sure), and times() does not go
 * backwards (Linux keeps each of utime and stime from going backwards by holding one back, so
 * their sum can lag the CPU time by more than a tick: under load qemu showed no tick after 12 ms);
 * a child's time shows in RUSAGE_CHILDREN and tms_cutime once it was waited for (its totals are
 * final then); RUSAGE_THREAD's user plus system time is not zero;
 * time() agrees with REALTIME; an unknown clock is EINVAL. Only facts that hold on any machine
 * are printed, so the output is qemu's.
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/times.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double secs(struct timespec t) { return t.tv_sec + t.tv_nsec / 1e9; }

/* User plus system time in microseconds. */
static long long cpu_us(const struct rusage *r) {
  return (r->ru_utime.tv_sec + r->ru_stime.tv_sec) * 1000000LL + r->ru_utime.tv_usec + r->ru_stime.tv_usec;
}

static volatile unsigned sink;
static void work(int n) {
  for (int i = 0; i < n; i++) sink = sink * 1103515245u + 12345u;
}

int main(void) {
  static const struct { clockid_t id; const char* name; } clocks[] = {
      {CLOCK_REALTIME, "REALTIME"}, {CLOCK_MONOTONIC, "MONOTONIC"},
      {CLOCK_PROCESS_CPUTIME_ID, "PROCESS_CPUTIME_ID"}, {CLOCK_THREAD_CPUTIME_ID, "THREAD_CPUTIME_ID"},
      {CLOCK_MONOTONIC_RAW, "MONOTONIC_RAW"}, {CLOCK_REALTIME_COARSE, "REALTIME_COARSE"},
      {CLOCK_MONOTONIC_COARSE, "MONOTONIC_COARSE"}, {CLOCK_BOOTTIME, "BOOTTIME"}, {CLOCK_TAI, "TAI"}};
  for (unsigned i = 0; i < sizeof clocks / sizeof clocks[0]; i++) {
    struct timespec a, b, r;
    int ok = clock_gettime(clocks[i].id, &a) == 0;
    work(20000);
    ok = ok && clock_gettime(clocks[i].id, &b) == 0 && secs(b) >= secs(a);
    int res = clock_getres(clocks[i].id, &r) == 0;
    int coarse = strstr(clocks[i].name, "COARSE") != 0;
    int fine_ok = r.tv_sec == 0 && (coarse ? r.tv_nsec > 0 && r.tv_nsec <= 10000000 : r.tv_nsec == 1);
    printf("%-18s reads %d, forward %d, resolution %s\n", clocks[i].name, ok, secs(b) >= secs(a),
           res && fine_ok ? "as Linux" : "wrong");
  }
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  time_t t = time(0);
  /* glibc's time() reads REALTIME_COARSE, up to a tick behind REALTIME: a second boundary
   * between the two reads puts it one second behind (seen under qemu on a busy host). */
  printf("wall clock past 2020: %d, time() agrees: %d\n", now.tv_sec > 1577836800,
         t >= now.tv_sec - 1 && t <= now.tv_sec + 1);
  errno = 0;
  printf("clock 12: %d %s\n", clock_gettime(12, &now), strerror(errno));

  struct timespec p0, p1, t0, t1;
  clock_t c0 = clock();
  struct tms m0, m1;
  times(&m0);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p0);
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
  /* At least 12 ms of this thread's CPU (a clock tick) by its own clock: the process's clock
   * counts every thread of the process, and under qemu its helper threads too, so a loop bounded
   * by it could end before this thread had its 10 ms on a busy host. */
  double spent = 0;
  for (int round = 0; round < 200 && spent < 0.012; round++) {
    work(200000);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    spent = secs(t1) - secs(t0);
  }
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &p1);
  clock_t c1 = clock();
  times(&m1);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("work shows in: process clock %d, thread clock %d, clock() %d, times %d, rusage %d\n",
         secs(p1) - secs(p0) >= 0.01, spent >= 0.012, c1 - c0 >= CLOCKS_PER_SEC / 100,
         m1.tms_utime + m1.tms_stime >= m0.tms_utime + m0.tms_stime,
         cpu_us(&ru) >= 10000);

  pid_t pid = fork();
  if (pid == 0) {
    struct timespec a, b;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
    do {
      work(200000);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
    } while (secs(b) - secs(a) < 0.025); /* enough for tms_cutime on any host */
    _exit(0);
  }
  struct rusage rc;
  getrusage(RUSAGE_CHILDREN, &rc);
  printf("children before the wait: %d\n", rc.ru_utime.tv_sec == 0 && rc.ru_utime.tv_usec == 0);
  waitpid(pid, 0, 0);
  getrusage(RUSAGE_CHILDREN, &rc);
  struct tms m2;
  times(&m2);
  printf("after: rusage %d, tms_cutime %d\n",
         cpu_us(&rc) >= 20000,
         m2.tms_cutime + m2.tms_cstime >= 1);
  getrusage(RUSAGE_THREAD, &ru);
  printf("RUSAGE_THREAD: %d\n", cpu_us(&ru) > 0);
  errno = 0;
  printf("bad who: %d %s\n", getrusage(5, &ru), strerror(errno));
  return 0;
}
