/* imagereduce - the papers' parallel image reduction (E2, seed 002: SMT speedup and IPC), as a
 * POSIX-threads program: a SIZE x SIZE 8-bit image is shrunk to SIZE/2 x SIZE/2 by THREADS
 * threads, each taking a band of SIZE/2/THREADS output rows.
 *
 *   imagereduce THREADS [SIZE]       SIZE even, 2..2048, default 512
 *
 * The reduction is a weighted average of each 2x2 block with a per-pixel weight map (1..16, an
 * alpha or confidence map): out = (sum w*p + sum w/2) / sum w. The weights are data, so the
 * compiler cannot turn the four multiplies into shifts and the divide by the weight sum into a
 * multiply: each output pixel takes four multiplies and one divide on the complex ALU, as an
 * image kernel on the papers' machine (no multiply-by-constant tricks on its 12-cycle multiplier)
 * would. That shared, non-pipelined unit is what limits the speedup with more contexts.
 *
 * What is measured: region of interest 0, on the main thread, from just before the first
 * pthread_create() to the return of the last pthread_join(), so thread creation, the reduction
 * and the joins; the images are generated before it and the checksum is computed after it. A
 * round of empty threads before it leaves the thread stacks in the heap (see main).
 * stats.json gives its cycles and the instructions every context retired in it (IPC), and
 * "reports": {"checksum": C}.
 *
 * Output: one line, "imagereduce SIZE THREADS checksum C", where C depends on SIZE only: the
 * same under qemu-mipsel (the glibc build, imagereduce-glibc.elf) and on kasane-sim with any
 * number of threads and contexts. Exit 0, or 1 on a bad argument. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __GLIBC__ /* the reference build for qemu-mipsel: no Kasane calls there */
static int kasane_roi(unsigned long begin, unsigned long id) {
  (void)begin, (void)id;
  return 0;
}
static int kasane_report(const char *name, unsigned long long value) {
  (void)name, (void)value;
  return 0;
}
#else
#include <kasane/syscalls.h>
#endif

#define MAX_SIZE 2048
#define MAX_THREADS 64

static uint8_t *img, *wgt, *out; /* SIZE x SIZE, SIZE x SIZE, SIZE/2 x SIZE/2 */
static unsigned size, nthreads;

/* A deterministic test image and weight map, four bytes per step of a xorshift generator. */
static void generate(void) {
  uint32_t s = 2463534242u;
  uint32_t *pi = (uint32_t *)img, *pw = (uint32_t *)wgt;
  for (unsigned k = 0; k < size * size / 4; k++) {
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    pi[k] = s;
    pw[k] = ((s >> 4) & 0x0f0f0f0fu) + 0x01010101u; /* four weights in 1..16 */
  }
}

/* Thread `arg` of nthreads: output rows [k*half/n, (k+1)*half/n). */
static void *reduce(void *arg) {
  unsigned k = (unsigned)(uintptr_t)arg, half = size / 2;
  for (unsigned y = k * half / nthreads; y < (k + 1) * half / nthreads; y++) {
    const uint8_t *p0 = img + 2 * y * size, *p1 = p0 + size;
    const uint8_t *w0 = wgt + 2 * y * size, *w1 = w0 + size;
    uint8_t *o = out + y * half;
    for (unsigned x = 0; x < half; x++, p0 += 2, p1 += 2, w0 += 2, w1 += 2) {
      uint32_t sum = w0[0] * p0[0] + w0[1] * p0[1] + w1[0] * p1[0] + w1[1] * p1[1];
      uint32_t n = w0[0] + w0[1] + w1[0] + w1[1];
      o[x] = (uint8_t)((sum + n / 2) / n);
    }
  }
  return 0;
}

static void *idle(void *arg) { return arg; }

int main(int argc, char **argv) {
  nthreads = argc > 1 ? (unsigned)atoi(argv[1]) : 0;
  size = argc > 2 ? (unsigned)atoi(argv[2]) : 512;
  if (nthreads < 1 || nthreads > MAX_THREADS || size < 2 || size > MAX_SIZE || size % 2) {
    fprintf(stderr, "usage: imagereduce THREADS(1..%d) [SIZE(even, 2..%d)]\n", MAX_THREADS,
            MAX_SIZE);
    return 1;
  }
  /* Whole words for generate(): SIZE*SIZE is a multiple of 4 since SIZE is even. */
  img = malloc(size * size);
  wgt = malloc(size * size);
  out = malloc(size * size / 4);
  if (!img || !wgt || !out) {
    fprintf(stderr, "imagereduce: out of memory\n");
    return 1;
  }
  generate();

  /* A first round of threads that do nothing, so that the measured round's stacks come from the
   * heap, not from fresh pages that the kernel must zero (64 KiB a thread): the region measures
   * the reduction, not the OS's page zeroing. */
  pthread_t t[MAX_THREADS];
  for (unsigned k = 0; k < nthreads; k++) pthread_create(&t[k], 0, idle, 0);
  for (unsigned k = 0; k < nthreads; k++) pthread_join(t[k], 0);

  kasane_roi(1, 0);
  for (unsigned k = 0; k < nthreads; k++)
    pthread_create(&t[k], 0, reduce, (void *)(uintptr_t)k);
  for (unsigned k = 0; k < nthreads; k++) pthread_join(t[k], 0);
  kasane_roi(0, 0);

  uint32_t sum = 0;
  for (unsigned k = 0; k < size * size / 4; k++) sum = sum * 31 + out[k];
  printf("imagereduce %u %u checksum %lu\n", size, nthreads, (unsigned long)sum);
  kasane_report("checksum", sum);
  return 0;
}
