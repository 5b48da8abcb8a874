/* intmix - small single-threaded integer kernels for multiprogrammed runs (E9a): each one a plain
 * process (no thread instructions), its working set and instruction mix its own.
 *   crc     table-driven CRC-32 of a 16 KiB buffer: loads, shifts, xors (L1-resident)
 *   sort    quicksort of 8,192 integers: data-dependent branches
 *   sieve   Eratosthenes up to 65,536: byte stores, a regular stride
 *   matmul  36 x 36 integer matrix product: multiplies (the complex ALU)
 *   chase   pointer chasing through 512 KiB, a new line each step: loads that miss the L2
 *   fib     naive recursive Fibonacci: calls and returns
 * Usage: intmix KERNEL [SCALE [cookie|none]]; SCALE (1..1000, default 1) repeats the kernel's default
 * rounds, chosen so that each takes about 2.5 M cycles alone on the default machine; "cookie"
 * first gives the process a core-scheduling cookie of its own (PR_SCHED_CORE_CREATE; E10's cost
 * of core scheduling). Prints the kernel's checksum, the same on every machine and in every mix. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

static uint32_t rng = 12345;
static uint32_t next(void) { return rng = rng * 1103515245u + 12345u; }

static uint8_t buf[16384];
static uint32_t crc_table[256];

static uint32_t crc(int rounds) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(next() >> 24);
  uint32_t sum = 0;
  for (int r = 0; r < rounds * 4; r++) {
    uint32_t c = ~0u;
    for (size_t i = 0; i < sizeof buf; i++) c = crc_table[(c ^ buf[i]) & 0xff] ^ (c >> 8);
    sum += ~c;
    buf[r % sizeof buf] ^= (uint8_t)c;
  }
  return sum;
}

static int32_t data[8192];

static void quicksort(int32_t* a, int n) {
  while (n > 16) {
    int32_t p = a[n / 2];
    int i = 0, j = n - 1;
    for (;;) {
      while (a[i] < p) i++;
      while (a[j] > p) j--;
      if (i >= j) break;
      int32_t t = a[i];
      a[i++] = a[j];
      a[j--] = t;
    }
    quicksort(a, j + 1);
    a += j + 1;
    n -= j + 1;
  }
  for (int i = 1; i < n; i++) {
    int32_t v = a[i];
    int k = i;
    for (; k > 0 && a[k - 1] > v; k--) a[k] = a[k - 1];
    a[k] = v;
  }
}

static uint32_t sort(int rounds) {
  uint32_t sum = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < 8192; i++) data[i] = (int32_t)(next() >> 8);
    quicksort(data, 8192);
    for (int i = 0; i < 8192; i += 97) sum += (uint32_t)data[i] * (uint32_t)i;
  }
  return sum;
}

static uint8_t composite[65536];

static uint32_t sieve(int rounds) {
  uint32_t count = 0;
  for (int r = 0; r < rounds * 4; r++) {
    memset(composite, 0, sizeof composite);
    for (uint32_t i = 2; i * i < sizeof composite; i++)
      if (!composite[i])
        for (uint32_t j = i * i; j < sizeof composite; j += i) composite[j] = 1;
    for (uint32_t i = 2; i < sizeof composite; i++) count += !composite[i];
  }
  return count;
}

#define M 36
static int32_t ma[M][M], mb[M][M], mc[M][M];

static uint32_t matmul(int rounds) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) ma[i][j] = (int32_t)(next() >> 20), mb[i][j] = (int32_t)(next() >> 20);
  uint32_t sum = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < M; i++)
      for (int j = 0; j < M; j++) {
        int32_t s = 0;
        for (int k = 0; k < M; k++) s += ma[i][k] * mb[k][j];
        mc[i][j] = s;
      }
    for (int i = 0; i < M; i++) sum += (uint32_t)mc[i][(i + r) % M];
    ma[r % M][r % M] ^= (int32_t)sum;
  }
  return sum;
}

#define CHASE (128 * 1024)
#define STRIDE 4099 /* odd, so one cycle through every word; 16 KiB and a bit: a new line each */
static uint32_t ring[CHASE];

static uint32_t chase(int rounds) {
  for (uint32_t i = 0; i < CHASE; i++) ring[i] = (i + STRIDE) % CHASE;
  uint32_t p = 0, sum = 0;
  for (int r = 0; r < rounds; r++)
    for (uint32_t n = 0; n < 16 * 1024; n++) sum += p = ring[p];
  return sum;
}

static uint32_t fibr(uint32_t n) { return n < 2 ? n : fibr(n - 1) + fibr(n - 2); }
static uint32_t fib(int rounds) {
  uint32_t sum = 0;
  for (int r = 0; r < rounds; r++) sum += fibr(20);
  return sum;
}

static const struct {
  const char* name;
  uint32_t (*run)(int);
  int rounds; /* at SCALE 1 */
} kernels[] = {{"crc", crc, 2},       {"sort", sort, 2},   {"sieve", sieve, 1},
               {"matmul", matmul, 3}, {"chase", chase, 2}, {"fib", fib, 12}};

int main(int argc, char** argv) {
  int scale = argc > 2 ? atoi(argv[2]) : 1;
  int cookie = argc == 4 && !strcmp(argv[3], "cookie");
  int args_ok = argc <= 3 || (argc == 4 && (cookie || !strcmp(argv[3], "none")));
  if (cookie && prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 0, PIDTYPE_TGID, 0) != 0) {
    perror("intmix: prctl(PR_SCHED_CORE_CREATE)");
    return 1;
  }
  for (size_t i = 0; argc > 1 && args_ok && i < sizeof kernels / sizeof kernels[0]; i++)
    if (!strcmp(argv[1], kernels[i].name) && scale >= 1 && scale <= 1000) {
      printf("%s %u\n", kernels[i].name, (unsigned)kernels[i].run(kernels[i].rounds * scale));
      return 0;
    }
  fprintf(stderr, "usage: intmix crc|sort|sieve|matmul|chase|fib [SCALE [cookie|none]], "
                  "1 <= SCALE <= 1000\n");
  return 2;
}
