/* A reader blocked on an empty pipe waits without using the processor while the writer, another
 * process, computes for several time slices and only then writes: the read returns the bytes,
 * the reader's CPU time over the wait is a small part of it (it slept; it did not spin), and the
 * writer's CPU time covers its computing. Then the writer computes again between two writes
 * while the reader reads them one by one, and the reader sees the end when the writer exits.
 * Expect: status 0 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned sink;
static double cpu(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* Compute for at least `s` seconds of this process's CPU time. */
static void compute(double s) {
  double start = cpu(CLOCK_PROCESS_CPUTIME_ID);
  while (cpu(CLOCK_PROCESS_CPUTIME_ID) - start < s)
    for (int i = 0; i < 20000; i++) sink = sink * 1103515245u + 12345u;
}

int main(void) {
  int p[2], go[2], ack[2];
  if (pipe(p) < 0 || pipe(go) < 0 || pipe(ack) < 0) return 1;
  pid_t pid = fork();
  if (pid == 0) {
    char c;
    close(p[0]);
    read(go[0], &c, 1); /* the parent's clock runs: it may run on another processor meanwhile */
    compute(0.008);
    write(p[1], "first", 5);
    read(ack[0], &c, 1); /* the reader has it: the second write cannot join the first */
    compute(0.004);
    write(p[1], "second", 6);
    _exit(0);
  }
  close(p[1]);
  double c0 = cpu(CLOCK_PROCESS_CPUTIME_ID), w0 = cpu(CLOCK_MONOTONIC);
  write(go[1], "g", 1);
  char buf[16] = {0};
  ssize_t n = read(p[0], buf, sizeof buf - 1);
  double waited = cpu(CLOCK_MONOTONIC) - w0, used = cpu(CLOCK_PROCESS_CPUTIME_ID) - c0;
  printf("read %zd: %s\n", n, buf);
  write(ack[1], "a", 1);
  printf("the wait lasted the writer's computing: %d; the reader slept through it: %d\n",
         waited >= 0.008, used < waited / 4);
  memset(buf, 0, sizeof buf);
  n = read(p[0], buf, sizeof buf - 1);
  printf("read %zd: %s\n", n, buf);
  printf("then the end: %zd\n", read(p[0], buf, sizeof buf));
  int st;
  struct rusage ru;
  wait4(pid, &st, 0, &ru);
  printf("writer exited %d, its CPU time covers its computing: %d\n", WEXITSTATUS(st),
         ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_usec / 1e6 >= 0.012);
  return 0;
}
