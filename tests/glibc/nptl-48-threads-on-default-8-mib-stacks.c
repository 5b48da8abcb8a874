/* glibc's own threads (NPTL, -pthread) on glibc's default stacks: 48 threads, each on a stack of
 * RLIMIT_STACK (8 MiB) that glibc maps PROT_NONE and then opens with mprotect, all alive together
 * behind a barrier, each writing its own slot; main joins them and prints the slots. Each stack
 * is an anonymous region of its own in the kernel (os/region.c: past 15 threads this needed more
 * regions than a fixed table of 16 gave). 48 stacks are 384 MiB, more than the machine's 256 MiB:
 * this runs because mprotect gives an untouched page no frame (os/mprotect.c), and a thread
 * touches only the top of its stack.
 * Link: -pthread
 * Expect: status 0 */
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
  pthread_barrier_init(&all_started, 0, NTHREADS);
  int made = 0;
  for (int i = 0; i < NTHREADS; i++)
    if (pthread_create(&t[i], 0, worker, (void*)(long)i) == 0) made++;
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
