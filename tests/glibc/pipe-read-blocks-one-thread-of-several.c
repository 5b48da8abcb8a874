/* A thread blocked in read() on an empty pipe holds up no other thread of its process: the
 * reader waits while the main thread computes and then writes, and gets the bytes; the
 * process's CPU clock covers both threads' time and each thread's clock its own; a second
 * reader blocked on another pipe ends with the end of file when its write end closes.
 * Link: -pthread
 * Expect: status 0 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int p[2], q[2];
static volatile int computed;
static char got[32];
static double reader_cpu;
static volatile unsigned sink;

static double now(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void* reader(void* arg) {
  (void)arg;
  ssize_t n = read(p[0], got, sizeof got - 1);
  if (n > 0) got[n] = 0;
  reader_cpu = now(CLOCK_THREAD_CPUTIME_ID);
  return (void*)(long)computed; /* the main thread had finished computing when the read ended */
}

static void* eof_reader(void* arg) {
  (void)arg;
  char c;
  return (void*)(long)read(q[0], &c, 1);
}

int main(void) {
  if (pipe(p) < 0 || pipe(q) < 0) return 1;
  pthread_t t, e;
  pthread_create(&t, 0, reader, 0);
  pthread_create(&e, 0, eof_reader, 0);
  double start = now(CLOCK_THREAD_CPUTIME_ID);
  while (now(CLOCK_THREAD_CPUTIME_ID) - start < 0.005)
    for (int i = 0; i < 10000; i++) sink = sink * 1103515245u + 12345u;
  computed = 1;
  write(p[1], "while you waited", 16);
  void* r;
  pthread_join(t, &r);
  printf("reader got '%s' after the computing: %d\n", got, (long)r == 1);
  double mine = now(CLOCK_THREAD_CPUTIME_ID), all = now(CLOCK_PROCESS_CPUTIME_ID);
  printf("main thread's clock has its computing: %d; the process's covers both: %d; the "
         "reader used little: %d\n", mine >= 0.005, all >= mine + reader_cpu * 0.99,
         reader_cpu < mine / 2);
  close(q[1]);
  pthread_join(e, &r);
  printf("the other reader saw the end: %ld\n", (long)r);
  return 0;
}
