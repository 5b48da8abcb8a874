/* daemon - a stand-in for the JVMs that a pseudo-distributed Hadoop node keeps running beside its
 * jobs (seed 003: JobTracker, TaskTracker, NameNode, DataNode): a process of THREADS threads,
 * each of which sleeps PERIOD microseconds, wakes, does a little work, and sleeps again, until it
 * is killed (corun kills its daemons once every job is done). The work is a heartbeat's: WORK KiB
 * of the process's own heap read and updated a 64-byte line at a time, so each wake costs cache
 * lines and TLB entries of another address space, as a daemon's does on the paper's machine. Its
 * duty cycle is the work's cycles over the period (E7 states both).
 *
 *   mapreduce daemon:PERIOD:WORK:THREADS SIZE THREADS
 *
 * The first argument is the job's name as corun gives it, with its parameters (default
 * daemon:1000:16:2: every millisecond 16 KiB, two threads); SIZE and THREADS are corun's and
 * ignored. It never exits by itself; it prints nothing. */
#include <time.h>

#include "mapreduce.h"

static unsigned period_us = 1000, work_kib = 16, nthreads = 2;
static volatile uint32_t* heap; /* nthreads x work_kib KiB, a slice per thread */

static void* beat(void* arg) {
  size_t words = (size_t)work_kib * 1024 / 4, at = (size_t)(intptr_t)arg * words;
  struct timespec ts = {(time_t)(period_us / 1000000), (long)(period_us % 1000000) * 1000};
  for (uint32_t round = 1;; round++) {
    nanosleep(&ts, NULL);
    for (size_t i = 0; i < words; i += 16) heap[at + i] = heap[at + i] * 31u + round;
  }
  return NULL;
}

int daemon_main(int argc, char** argv) {
  (void)argc;
  const char* spec = strchr(argv[0], ':');
  if (spec && sscanf(spec, ":%u:%u:%u", &period_us, &work_kib, &nthreads) != 3)
    mr_die("daemon wants daemon:PERIOD_US:WORK_KIB:THREADS, not", argv[0]);
  if (period_us == 0 || work_kib == 0 || work_kib > 4096 || nthreads < 1 ||
      nthreads > MR_MAX_THREADS)
    mr_die("daemon: period > 0, work 1-4096 KiB, threads 1-64, not", argv[0]);
  heap = calloc((size_t)nthreads * work_kib, 1024);
  if (!heap) mr_die("out of memory", argv[0]);
  pthread_t t[MR_MAX_THREADS];
  for (unsigned i = 1; i < nthreads; i++)
    if (pthread_create(&t[i], NULL, beat, (void*)(intptr_t)i) != 0) mr_die("pthread_create", "");
  beat((void*)0);
  return 0;
}
