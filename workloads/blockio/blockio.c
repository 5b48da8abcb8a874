/* blockio - I/O that blocks one thread (E6, seed 001): one thread reads or writes a file in
 * requests of a given size while a low-priority thread computes; how much of the wait for the
 * disk the computing thread gets, what the I/O costs against plain blocking I/O, and how many
 * kernel notifications it takes. For either thread backend (blockio-hw, blockio-conv); run it
 * with one context (core.contexts=1), the paper's uniprocessor: then the computing thread runs
 * only while the I/O thread waits, and only because the kernel notifies the runtime.
 *
 *   blockio read|write REQUEST_BYTES [FILE_BYTES [compute|alone|plain]]
 *
 * write  creates blockio.dat (FILE_BYTES, default 10 MiB) with write() calls of REQUEST_BYTES.
 * read   reads blockio.dat with read() calls of REQUEST_BYTES. If the disk has no such file (the
 *        experiment puts one there), it is first written, before anything is measured, and the
 *        buffer cache (NBUF = 32 blocks) holds only its last blocks when the read starts.
 * compute  (default) a second thread counts work units while main does the I/O; it calls
 *        pthread_yield() after each unit, so main runs as soon as the kernel has unblocked it,
 *        whether or not the runtime preempts for it (a unit is about 100 cycles on the default
 *        machine: the most main's resumption waits).
 * alone  kernel notifications registered (a thread is created and joined first), no computing.
 * plain  no thread is ever created, so the runtime never registers: reads and writes block the
 *        context in the kernel, the baseline.
 * The completion-before-block shortcut is the runtime's choice at start:
 * KASANE_NOTIFY_SHORTCUT=N (kasane-sim --env) lets the kernel wait N cycles before BLOCKED.
 *
 * What is measured (kasane_report names; cycles of the core clock):
 *   io_cycles       from just before the first request to just after the last.
 *   requests        read() or write() calls in that span.
 *   units           work units the computing thread finished in that span.
 *   unit_cycles_x1000  cycles of one work unit, times 1000: main runs CALIB_UNITS units with
 *                   the same loop (the same pthread_yield() after each) before any I/O, alone.
 *   compute_cycles  units * unit_cycles: the computing thread's useful work during the I/O, as
 *                   cycles of running alone. The share of the I/O wait it used is
 *                   compute_cycles / the disk's busy cycles (stats.json blockdev.busy_cycles:
 *                   the whole run's, which is this span's I/O and a few blocks more when the
 *                   file is on the disk already), and the overhead is io_cycles / io_cycles of
 *                   the plain run - 1.
 *   blocked, unblocked, shortcuts, misses   kasane_notify_stats() differences over that span:
 *                   BLOCKED and UNBLOCKED events, waits that ended within the shortcut window
 *                   (no event), buffer-cache misses.
 *   reread_events, reread_hits  then the file's last REREAD bytes, which are in the buffer cache,
 *                   are read again: BLOCKED + UNBLOCKED + shortcuts over that read (always 0:
 *                   a hit does not wait), and the cache hits it made.
 * Checks, exit status 1 if one fails: the file's contents (when it is this program's: written by
 * this run or a previous one; every block's first word names the block, and a file of up to
 * VERIFY_MAX bytes is read back whole), no event on the cached reread, and (compute) some work
 * done during the I/O if any wait of it was notified. */
#include <fcntl.h>
#include <kasane/cycles.h>
#include <kasane/notify.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FILE_NAME "blockio.dat"
#define BLOCK 4096              /* the file system's block */
#define UNIT_ROUNDS 16          /* xorshift rounds per work unit */
#define CALIB_UNITS 1000        /* units of the calibration run */
#define REREAD (64 * 1024)      /* bytes read again from the cache: 16 blocks of the 32 */
#define VERIFY_MAX (256 * 1024) /* files up to this size are read back whole and checked */

static volatile unsigned long units; /* written by the computing thread only */
static volatile int stop;
static unsigned long sink;           /* keeps the work from being optimised away */
static int failures;
/* The last run's requests, BLOCKED events and work units during the I/O, for a test that
 * includes this file. */
static uint32_t last_requests, last_blocked;
static unsigned long last_units;

static void fail(const char* what, unsigned long a, unsigned long b) {
  printf("blockio: %s (%lu, %lu)\n", what, a, b);
  failures++;
}

/* One work unit: a chain of dependent ALU operations, no memory, no multiply. */
static unsigned long work_unit(unsigned long x) {
  for (int i = 0; i < UNIT_ROUNDS; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
  }
  return x;
}

/* n units (n = 0: until stop), counting each, giving way to ready threads after each. Not
 * inlined: the calibration must time the very instructions the computing thread runs (an
 * inlined copy sits elsewhere, and fetch speed depends on where code lies). */
static __attribute__((noinline)) void compute(unsigned long n) {
  unsigned long x = 2463534242UL;
  for (unsigned long i = 0; n == 0 ? !stop : i < n; i++) {
    x = work_unit(x);
    units++;
    pthread_yield();
  }
  sink += x;
}

static void* computer(void* arg) {
  compute(0);
  return arg;
}

static void* nothing(void* arg) { return arg; }

/* The word at word index k of file block b: the first names the block, the rest depend on k. */
static uint32_t pattern(uint32_t b, uint32_t k) {
  return k == 0 ? 0xb10c0000u ^ b : k * 2654435761u;
}

/* Fill buf (n bytes, a multiple of BLOCK) as file blocks from `first` on hold them. Only the
 * first word of each block differs between requests, so after one full fill a request needs n /
 * BLOCK stores. */
static void fill(uint32_t* buf, uint32_t n, uint32_t first, int full) {
  for (uint32_t b = 0; b < n / BLOCK; b++) {
    uint32_t* w = buf + b * (BLOCK / 4);
    if (full)
      for (uint32_t k = 1; k < BLOCK / 4; k++) w[k] = pattern(0, k);
    w[0] = pattern(first + b, 0);
  }
}

/* Check n bytes of buf as file blocks from `first` on: all words (whole) or first words. */
static void check(const uint32_t* buf, uint32_t n, uint32_t first, int whole) {
  for (uint32_t b = 0; b < (n + BLOCK - 1) / BLOCK; b++)
    for (uint32_t k = 0; k < (whole ? BLOCK / 4 : 1) && b * BLOCK + 4 * k < n; k++)
      if (buf[b * (BLOCK / 4) + k] != pattern(first + b, k)) {
        fail("wrong word in block, word", first + b, k);
        return;
      }
}

/* Write the whole file in requests of req bytes from buf. */
static uint32_t write_file(uint32_t* buf, uint32_t req, uint32_t size) {
  int fd = open(FILE_NAME, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail("cannot create " FILE_NAME, 0, 0);
  uint32_t n = 0;
  for (uint32_t off = 0; off < size; off += req, n++) {
    uint32_t len = size - off < req ? size - off : req;
    fill(buf, req, off / BLOCK, 0);
    if (write(fd, buf, len) != (ssize_t)len) fail("short write at", off, len);
  }
  close(fd);
  return n;
}

/* Read the whole file in requests of req bytes into buf, checking first words if known. */
static uint32_t read_file(uint32_t* buf, uint32_t req, uint32_t size, int known, int whole) {
  int fd = open(FILE_NAME, O_RDONLY);
  if (fd < 0) fail("cannot open " FILE_NAME, 0, 0);
  uint32_t n = 0;
  for (uint32_t off = 0; off < size; off += req, n++) {
    uint32_t len = size - off < req ? size - off : req;
    if (read(fd, buf, len) != (ssize_t)len) fail("short read at", off, len);
    if (known) check(buf, len, off / BLOCK, whole);
  }
  close(fd);
  return n;
}

static void report(const char* name, unsigned long long v) {
  kasane_report(name, v);
  printf("| %s | %llu |\n", name, v);
}

/* BLOCKIO_MAIN: a test may include this file and call it under another name, more than once. */
#ifndef BLOCKIO_MAIN
#define BLOCKIO_MAIN main
#endif

int BLOCKIO_MAIN(int argc, char** argv) {
  units = 0;
  stop = 0;
  failures = 0;
  const char* kind = argc > 4 ? argv[4] : "compute";
  int writing = argc > 1 && strcmp(argv[1], "write") == 0;
  uint32_t req = argc > 2 ? (uint32_t)strtoul(argv[2], 0, 0) : 0;
  uint32_t size = argc > 3 ? (uint32_t)strtoul(argv[3], 0, 0) : 10u << 20;
  int with_compute = strcmp(kind, "compute") == 0, plain = strcmp(kind, "plain") == 0;
  if (argc < 3 || (!writing && strcmp(argv[1], "read") != 0) || req == 0 || req % BLOCK ||
      size == 0 || (!with_compute && !plain && strcmp(kind, "alone") != 0)) {
    fprintf(stderr, "usage: blockio read|write REQUEST_BYTES [FILE_BYTES [compute|alone|plain]]"
                    " (REQUEST_BYTES a multiple of %d)\n", BLOCK);
    return 2;
  }
  uint32_t* buf = malloc(req > REREAD ? req : REREAD); /* the reread is one call */
  if (!buf) return 2;
  fill(buf, req, 0, 1);

  /* Calibration, alone: the cycles of one unit of the computing thread's loop. */
  unsigned long c0 = kasane_cycles();
  compute(CALIB_UNITS);
  unsigned long unit_x1000 = (kasane_cycles() - c0) * 1000 / CALIB_UNITS;
  units = 0;

  /* The file to read, unless the disk has it. Its contents are known if it is this program's:
   * written now, or found with block 0's stamp (an experiment's random file has none). */
  int known = writing;
  if (!writing) {
    int fd = open(FILE_NAME, O_RDONLY);
    if (fd >= 0) {
      uint32_t first = 0;
      known = read(fd, &first, 4) == 4 && first == pattern(0, 0);
      off_t have = lseek(fd, 0, SEEK_END);
      close(fd);
      if (have < (off_t)size) fail("file on the disk too small", (unsigned long)have, size);
    } else {
      write_file(buf, req, size);
      known = 1;
    }
  }

  pthread_t t;
  if (!plain && pthread_create(&t, 0, with_compute ? computer : nothing, 0) != 0)
    fail("pthread_create failed", 0, 0);
  if (!plain && !with_compute) pthread_join(t, 0);

  struct kasane_notify_stats s0, s1, s2, s3;
  kasane_notify_stats(&s0);
  unsigned long u0 = units, t0 = kasane_cycles();
  uint32_t n = writing ? write_file(buf, req, size) : read_file(buf, req, size, known, 0);
  unsigned long t1 = kasane_cycles(), u1 = units;
  kasane_notify_stats(&s1);
  stop = 1;
  if (with_compute) pthread_join(t, 0);
  /* Once a wait was notified, the computing thread had the context: it must have got on. (With
   * a shortcut window longer than every wait there is no event, and no chance to compute.) */
  if (with_compute && s1.blocked != s0.blocked && u1 == u0)
    fail("waits were notified, but no work was done during the I/O", u0, u1);

  /* The last blocks again, from the buffer cache: no wait, so no event. */
  uint32_t back = size < REREAD ? size : REREAD;
  int fd = open(FILE_NAME, O_RDONLY);
  lseek(fd, size - back, SEEK_SET);
  kasane_notify_stats(&s2);
  if (read(fd, buf, back) != (ssize_t)back) fail("short reread", back, 0);
  kasane_notify_stats(&s3);
  close(fd);
  uint32_t reread_events = (s3.blocked - s2.blocked) + (s3.unblocked - s2.unblocked) +
                           (s3.shortcuts - s2.shortcuts);
  if (reread_events != 0) fail("events on a cached reread", reread_events, 0);
  if (s3.cache_hits - s2.cache_hits < back / BLOCK)
    fail("cached reread missed", s3.cache_hits - s2.cache_hits, back / BLOCK);
  if (known && size <= VERIFY_MAX) read_file(buf, req, size, 1, 1);

  unsigned long long io = t1 - t0, du = u1 - u0;
  last_requests = n;
  last_blocked = s1.blocked - s0.blocked;
  last_units = du;
  printf("blockio %s %u bytes in %u-byte requests, %s:\n| figure | value |\n|---|---:|\n",
         writing ? "write" : "read", size, req, kind);
  report("io_cycles", io);
  report("requests", n);
  report("units", du);
  report("unit_cycles_x1000", unit_x1000);
  report("compute_cycles", du * unit_x1000 / 1000);
  report("blocked", s1.blocked - s0.blocked);
  report("unblocked", s1.unblocked - s0.unblocked);
  report("shortcuts", s1.shortcuts - s0.shortcuts);
  report("misses", s1.cache_misses - s0.cache_misses);
  report("reread_events", reread_events);
  report("reread_hits", s3.cache_hits - s2.cache_hits);
  printf("compute share of the I/O time: %llu.%llu%%\n", du * unit_x1000 / 10 / (io ? io : 1),
         du * unit_x1000 / (io ? io : 1) % 10);
  free(buf);
  return failures ? 1 : 0;
}
