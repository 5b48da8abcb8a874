/* mapreduce.h - the skeleton the map/reduce workloads share (E7, seed 003): input chunks read
 * from files on the disk, a pool of map tasks (one per thread) that take the next chunk from a
 * shared counter, as Hadoop's and Phoenix's workers do, and the ROI marks and figures the
 * experiment reads (a region per job around map and reduce, kasane_report "JOB.cycles").
 *
 * Plain C and POSIX threads only, so each program builds unchanged with every thread backend of
 * the runtime and against glibc (the reference under qemu-mipsel, where the Kasane calls are
 * no-ops). The inputs come from gen_inputs.py (see README.md): chunk files NAME-00.dat,
 * NAME-01.dat, ... as many as the size made; a program takes every one that exists, so the
 * generator is the one place that says how big a size is. */
#ifndef MAPREDUCE_H
#define MAPREDUCE_H

#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <kasane/roi.h> /* KASANE_ROI_NAME: a symbol only, for either build */

#ifdef __GLIBC__ /* the reference build for qemu-mipsel: no Kasane calls there */
static inline int kasane_roi(unsigned long begin, unsigned long id) {
  (void)begin, (void)id;
  return 0;
}
static inline int kasane_report(const char* name, unsigned long long value) {
  (void)name, (void)value;
  return 0;
}
static inline unsigned long kasane_cycles(void) { return 0; }
#else
#include <kasane/cycles.h>
#include <kasane/syscalls.h>
#endif

#define MR_MAX_THREADS 64
#define MR_MAX_CHUNKS 256

/* Exit with a message: the workloads have no way to go on without their input. */
static inline void mr_die(const char* what, const char* name) {
  printf("%s: %s\n", what, name);
  exit(1);
}

/* The chunk file number i of input prefix (prefix-NN.dat). */
static inline void mr_chunk_name(char* out, size_t n, const char* prefix, int i) {
  snprintf(out, n, "%s-%02d.dat", prefix, i);
}

/* How many chunk files of prefix the disk holds (0, 1, ... up to the first missing one). */
static inline int mr_count_chunks(const char* prefix) {
  char name[48];
  int n = 0;
  for (; n < MR_MAX_CHUNKS; n++) {
    mr_chunk_name(name, sizeof name, prefix, n);
    int fd = open(name, O_RDONLY);
    if (fd < 0) break;
    close(fd);
  }
  if (n == 0) mr_die("no input chunk", prefix);
  return n;
}

/* Read chunk i of prefix whole into *buf (grown with realloc as needed, *cap its size), with a
 * NUL after the last byte: its length. Reads in 64 KiB requests, as a stream reader would. */
static inline size_t mr_read_chunk(const char* prefix, int i, char** buf, size_t* cap) {
  char name[48];
  mr_chunk_name(name, sizeof name, prefix, i);
  int fd = open(name, O_RDONLY);
  if (fd < 0) mr_die("cannot open", name);
  size_t len = 0;
  for (;;) {
    if (*cap - len < 65536 + 1) {
      *cap = *cap ? 2 * *cap : 262144;
      *buf = realloc(*buf, *cap);
      if (!*buf) mr_die("out of memory reading", name);
    }
    ssize_t got = read(fd, *buf + len, 65536);
    if (got < 0) mr_die("read failed", name);
    if (got == 0) break;
    len += (size_t)got;
  }
  close(fd);
  (*buf)[len] = 0;
  return len;
}

/* The work queue: chunks handed out in order, one at a time, to whichever task asks first. */
static pthread_mutex_t mr_lock = PTHREAD_MUTEX_INITIALIZER;
static int mr_next;

/* The next chunk below limit for the calling task, or -1 when none is left. */
static inline int mr_take(int limit) {
  pthread_mutex_lock(&mr_lock);
  int c = mr_next < limit ? mr_next++ : -1;
  pthread_mutex_unlock(&mr_lock);
  return c;
}

/* Run fn(i) on threads tasks, i = 0..threads-1, and wait for all; the work queue starts over. */
static inline void mr_run(int threads, void* (*fn)(void*)) {
  pthread_t t[MR_MAX_THREADS];
  mr_next = 0;
  for (int i = 0; i < threads; i++)
    if (pthread_create(&t[i], NULL, fn, (void*)(intptr_t)i) != 0) mr_die("pthread_create", "");
  for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
}

/* The thread count argument: default 8, the 4-core machine's contexts. */
static inline int mr_threads(int argc, char** argv, int at) {
  int n = argc > at ? atoi(argv[at]) : 8;
  if (n < 1 || n > MR_MAX_THREADS) mr_die("threads must be 1 to 64, not", argv[at]);
  return n;
}

/* The size argument, "small" (tests) or "full" (E7): 0 or 1. */
static inline int mr_full(int argc, char** argv) {
  if (argc < 2 || strcmp(argv[1], "small") == 0) return 0;
  if (strcmp(argv[1], "full") == 0) return 1;
  mr_die("size must be small or full, not", argv[1]);
  return 0;
}

static unsigned long mr_start;

/* The region the experiment measures, everything from the first map to the last reduce: region
 * roi (each job its own, so that two jobs run side by side keep theirs apart), and its cycles
 * reported as "JOB.cycles". */
static inline void mr_begin(int roi) {
  kasane_roi(1, (unsigned long)roi);
  mr_start = kasane_cycles();
}

static inline void mr_end(int roi, const char* job) {
  unsigned long c = kasane_cycles() - mr_start;
  char name[32];
  kasane_roi(0, (unsigned long)roi);
  snprintf(name, sizeof name, "%s.cycles", job);
  kasane_report(name, c);
}

/* The jobs, each in its own file, and their regions of interest (named in main.c). Their
 * arguments are argv[1] = SIZE, argv[2] = THREADS (optional). */
int pi_main(int argc, char** argv);
int grep_main(int argc, char** argv);
int sort_main(int argc, char** argv);
int wordcount_main(int argc, char** argv);
int index_main(int argc, char** argv);
enum { ROI_PI = 1, ROI_GREP, ROI_SORT, ROI_WORDCOUNT, ROI_INDEX };

/* FNV-1a over n bytes, continuing from h: the checksums the programs print. */
static inline uint32_t mr_fnv(uint32_t h, const void* p, size_t n) {
  const unsigned char* s = p;
  for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 16777619u;
  return h;
}

#define MR_FNV_INIT 2166136261u

#endif /* MAPREDUCE_H */
