/* sum - the tutorial's program (docs/tutorial.md): two threads each add up half of an array.
 * POSIX threads plus two Kasane calls: the cycle counter (<kasane/cycles.h>) and
 * kasane_report, which puts a figure in stats.json (under qemu it fails and changes nothing).
 * Region of interest 0 is the parallel part, so stats.json also says when it began and ended;
 * KASANE_ROI_NAME names it "parallel" for stats.json and --trace-window roi:parallel (the name
 * is a symbol in the ELF file: no instruction). */
#include <kasane/cycles.h>
#include <kasane/roi.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <stdio.h>

#define N 20000
static int data[N];

KASANE_ROI_NAME(0, parallel);

struct half {
  int from, to;
  long sum;
};

static void* add(void* arg) {
  struct half* h = arg;
  for (int i = h->from; i < h->to; i++) h->sum += data[i];
  return 0;
}

int main(void) {
  struct half a = {0, N / 2, 0}, b = {N / 2, N, 0}, none = {0, 0, 0};
  pthread_t t;

  /* The first pthread_create also starts the thread library (a stack per context, the kernel's
   * notifications): do it once before measuring, as any benchmark warms up. */
  pthread_create(&t, 0, add, &none);
  pthread_join(t, 0);
  /* Fill the array after that: the start-up's fresh heap pages are zeroed through the cache
   * and would push it out of the L2 first. */
  for (int i = 0; i < N; i++) data[i] = i % 7;

  kasane_roi(1, 0);
  unsigned long t0 = kasane_cycles();
  pthread_create(&t, 0, add, &b); /* the second half on another thread */
  add(&a);                        /* the first half here */
  pthread_join(t, 0);
  unsigned long cycles = kasane_cycles() - t0;
  kasane_roi(0, 0);

  kasane_report("sum_cycles", cycles);
  printf("sum = %ld\n", a.sum + b.sum); /* cycles differ between machines; the sum must not */
  return 0;
}
