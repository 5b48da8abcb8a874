/* pi - Monte Carlo estimate of pi as a map/reduce job (E7, seed 003's "pi", Hadoop's
 * QuasiMonteCarlo example): CHUNKS chunks of SAMPLES points each; a map task per thread takes
 * the next chunk, draws its points from a generator seeded by the chunk number (so the result
 * does not depend on which thread ran which chunk), and counts those inside the quarter circle;
 * the reduce adds the counts. No input file: the job is compute-bound with a tiny working set,
 * the paper's case where aggregation gains least (1.06).
 *
 *   mapreduce pi small|full [THREADS]        (default 8 threads)
 *
 * Points are 16-bit integer coordinates (x, y) in [0, 65536)^2, inside when x^2 + y^2 < 2^32:
 * integer arithmetic only, so every backend and glibc give the same count. Prints the count,
 * the samples and pi * 10^6 from them; reports "pi.cycles" (map and reduce) and "pi.inside". */
#include "mapreduce.h"

#define SAMPLES 16384 /* points per chunk */

static int chunks;
static unsigned long long inside_of[MR_MAX_CHUNKS];

/* xorshift32: the chunk's points, from a seed that only the chunk number decides. */
static uint32_t next(uint32_t* s) {
  uint32_t x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *s = x;
}

static void* map_task(void* arg) {
  (void)arg;
  for (int c; (c = mr_take(chunks)) >= 0;) {
    uint32_t s = 0x9E3779B9u * (uint32_t)(c + 1);
    unsigned long long in = 0;
    for (int i = 0; i < SAMPLES; i++) {
      uint32_t r = next(&s);
      uint32_t x = r >> 16, y = r & 0xFFFF;
      in += (unsigned long long)x * x + (unsigned long long)y * y < (1ull << 32);
    }
    inside_of[c] = in; /* one writer per chunk: no lock */
  }
  return NULL;
}

int pi_main(int argc, char** argv) {
  chunks = mr_full(argc, argv) ? 32 : 8;
  int threads = mr_threads(argc, argv, 2);
  mr_begin(ROI_PI);
  mr_run(threads, map_task);
  unsigned long long inside = 0;
  for (int c = 0; c < chunks; c++) inside += inside_of[c];
  mr_end(ROI_PI, "pi");
  unsigned long long samples = (unsigned long long)chunks * SAMPLES;
  printf("pi: %llu of %llu samples inside, pi ~ %llu.%06llu\n", inside, samples,
         4 * inside / samples, 4000000 * inside / samples % 1000000);
  kasane_report("pi.inside", inside);
  return 0;
}
