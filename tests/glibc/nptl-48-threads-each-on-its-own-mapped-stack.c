/* glibc's own threads (NPTL, -pthread), many at once: 48 threads, each on a stack glibc maps
 * (mmap and a PROT_NONE guard: one anonymous region each in the kernel, os/region.c), all alive
 * together behind a barrier, each writing its own slot; main joins them and prints the slots.
 * Past 15 threads this needs more regions than a fixed table of 16 gave. The stacks are
 * PTHREAD_STACK_MIN (128 KiB on MIPS; pthread_attr_setstacksize); the default stacks are
 * nptl-48-threads-on-default-8-mib-stacks.
 * Link: -pthread
 * Expect: status 0 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>

enum { NTHREADS = 48 };

static pthread_barrier_t all_started;
static unsigned slot[NTHREADS];

static void* worker(void* arg) {
  int me = (int)(long)arg;
  int local[64]; /* something on its own stack */
  for (int i = 0; i < 64; i++) local[i] = me * 64 + i;
  pthread_barrier_wait(&all_started); /* every thread exists at once */
  unsigned sum = 0;
  for (int i = 0; i < 64; i++) sum += (unsigned)local[i];
  slot[me] = sum;
  return (void*)(long)(me + 1);
}

int main(void) {
  pthread_t t[NTHREADS];
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  if (pthread_attr_setstacksize(&attr, PTHREAD_STACK_MIN) != 0) return 3;
  pthread_barrier_init(&all_started, 0, NTHREADS);
  int made = 0;
  for (int i = 0; i < NTHREADS; i++)
    if (pthread_create(&t[i], &attr, worker, (void*)(long)i) == 0) made++;
  printf("created %d of %d\n", made, NTHREADS);
  if (made != NTHREADS) return 1;
  int joined = 0;
  for (int i = 0; i < NTHREADS; i++) {
    void* ret;
    if (pthread_join(t[i], &ret) == 0 && ret == (void*)(long)(i + 1)) joined++;
  }
  printf("joined %d\n", joined);
  for (int i = 0; i < NTHREADS; i++) printf("%u%c", slot[i], i % 8 == 7 ? '\n' : ' ');
  return joined == NTHREADS ? 0 : 2;
}
