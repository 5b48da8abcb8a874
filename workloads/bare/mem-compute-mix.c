/* mem-compute-mix: a compute-bound and a memory-bound thread on one SMT core, bare metal, for the
 * SMT fetch and sharing policies (README, "The out-of-order core": ICOUNT against round robin,
 * STALL and FLUSH, partitioned structures). Even contexts run a fixed number of rounds of four
 * independent multiply-xorshift chains (no memory at all); odd contexts sum words of a 16 MB
 * table (zero: the bss) at scattered lines for as long as the run lasts: each load likely misses
 * every cache, even an 8 MB one, and the loads are independent, so a wide window keeps several in
 * flight. The run ends when every compute context is done: context 0 waits for the others in
 * MWAIT, then prints the compute results (the same for any timing) and how many loads each
 * memory context made by then. Both kinds run from the first cycle to the last, so the run's IPC
 * is the mix's throughput, and the loads made say how far the memory context got. */
#include "bare.h"

#define TABLE_WORDS (1u << 22)  /* 16 MB */
#define ROUNDS 40000u

/* Zero, never written: volatile so that the compiler reads it anyway. */
static volatile uint32_t table[TABLE_WORDS];
static volatile uint32_t started;
static volatile uint32_t done __attribute__((aligned(32)));  /* alone on its monitored line */
static volatile uint32_t result[16], loads[16];

static void memory_bound(uint32_t id) {
  uint32_t sum = 0;
  for (uint32_t i = 0;; ++i) {
    /* A multiplicative hash of i picks the line; successive loads are far apart. */
    uint32_t line = ((i + id) * 2654435761u) >> 13; /* 19 bits: 512 K lines of 32 bytes */
    sum += table[(line * 8) & (TABLE_WORDS - 1)];
    loads[id & 15] = i + 1 + sum;  /* sum is 0: this counts, and keeps the loads live */
  }
}

static uint32_t compute_bound(uint32_t id) {
  uint32_t a = 1 + id, b = 2 + id, c = 3 + id, d = 4 + id;
  for (uint32_t i = 0; i < ROUNDS; ++i) {
    a = (a * 2654435761u) ^ (a >> 13);
    b = (b * 40503u) ^ (b >> 11);
    c = (c * 2246822519u) ^ (c >> 15);
    d = (d * 3266489917u) ^ (d >> 12);
  }
  return a ^ b ^ c ^ d;
}

int main(uint32_t id, uint32_t n) {
  barrier(&started, n);
  if (id & 1) memory_bound(id); /* never returns: the run ends around it */
  result[id & 15] = compute_bound(id);
  atomic_add(&done, 1);
  if (id != 0) return 0;
  const uint32_t computing = (n + 1) / 2;
  for (;;) {
    kasane_monitor((unsigned long)&done);
    if (done == computing) break;
    kasane_mwait(0, 0); /* until the next compute context's add */
  }
  bare_puts("mem-compute-mix");
  for (uint32_t k = 0; k < n && k < 16; ++k) {
    bare_puts(k & 1 ? " loads " : " result ");
    bare_putu(k & 1 ? loads[k] : result[k]);
  }
  bare_puts("\n");
  return 0;
}
