/* fpmix - small single-threaded floating-point and memory kernels for multiprogrammed runs (E9),
 * beside intmix's integer ones: each one a plain process, its working set and mix its own.
 *   libm    sin, exp, log and sqrt of an L1-resident array of doubles: libm calls, the FPU
 *   stream  STREAM's triad a = b + s * c over three 512 KiB arrays of doubles: unit-stride loads
 *           and stores, 6 times the L2 of configs/machines/smt8-o3.toml
 *   gups    read-modify-write of random words of a 1 MiB table (HPCC RandomAccess): a miss in
 *           every level for nearly every update, independent of each other
 * Usage: fpmix KERNEL [SCALE]; SCALE (1..1000, default 1) repeats the kernel's default rounds,
 * chosen so that each takes about 1 M cycles alone on smt8-o3. Prints the kernel's checksum, the
 * same on every machine and in every mix (the FP ones as integers: the bits of a double sum). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rng = 12345;
static uint32_t next(void) { return rng = rng * 1103515245u + 12345u; }

static uint32_t bits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return (uint32_t)(u ^ (u >> 32));
}

#define LIBM_N 256
static double xs[LIBM_N];

static uint32_t libm(int rounds) {
  for (int i = 0; i < LIBM_N; i++) xs[i] = 0.5 + (next() >> 8) / 16777216.0;
  double sum = 0;
  for (int r = 0; r < rounds; r++)
    for (int i = 0; i < LIBM_N; i++) sum += sin(xs[i]) * exp(-xs[i]) + log(xs[i] + r) + sqrt(xs[i]);
  return bits(sum);
}

/* The large arrays come from malloc, not .bss: the kernel clears a program's .bss when it loads
 * it, which would put megabytes of misses into every kernel's run, not only this one's. */
static void* alloc(size_t bytes) {
  void* p = calloc(1, bytes);
  if (!p) {
    fprintf(stderr, "fpmix: out of memory\n");
    exit(1);
  }
  return p;
}

#define STREAM_N (64 * 1024) /* doubles: 512 KiB an array */

static uint32_t stream(int rounds) {
  double *sa = alloc(STREAM_N * sizeof *sa), *sb = alloc(STREAM_N * sizeof *sb);
  double* sc = alloc(STREAM_N * sizeof *sc);
  for (int i = 0; i < STREAM_N; i++) sb[i] = i, sc[i] = STREAM_N - i;
  double s = 3.0, sum = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < STREAM_N; i++) sa[i] = sb[i] + s * sc[i];
    sum += sa[r % STREAM_N];
    s += 0.5;
  }
  return bits(sum);
}

#define GUPS_N (256 * 1024) /* words: 1 MiB */

static uint32_t gups(int rounds) {
  uint32_t* table = alloc(GUPS_N * sizeof *table);
  uint32_t sum = 0;
  for (int r = 0; r < rounds; r++)
    for (int n = 0; n < 16 * 1024; n++) {
      uint32_t v = next();
      table[(v >> 8) & (GUPS_N - 1)] ^= v;
    }
  for (uint32_t i = 0; i < GUPS_N; i += 4099) sum += table[i];
  return sum;
}

static const struct {
  const char* name;
  uint32_t (*run)(int);
  int rounds; /* at SCALE 1 */
} kernels[] = {{"libm", libm, 40}, {"stream", stream, 1}, {"gups", gups, 1}};

int main(int argc, char** argv) {
  int scale = argc > 2 ? atoi(argv[2]) : 1;
  for (size_t i = 0; argc > 1 && i < sizeof kernels / sizeof kernels[0]; i++)
    if (!strcmp(argv[1], kernels[i].name) && scale >= 1 && scale <= 1000) {
      printf("%s %u\n", kernels[i].name, (unsigned)kernels[i].run(kernels[i].rounds * scale));
      return 0;
    }
  fprintf(stderr, "usage: fpmix libm|stream|gups [SCALE], 1 <= SCALE <= 1000\n");
  return 2;
}
