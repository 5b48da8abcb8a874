/* threaded-process-moved-between-cores-loses-no-update - 16 threads add 1 to a shared counter
 * 3000 times each under one mutex while two busy processes compete for the cores, so that the
 * kernel stops this process at slice ends and moves it from core to core (LTN for LTN, every
 * thread going on with a new CPU number). The library names its contexts by CPU number, as the
 * kernel does: it must find its running threads, idle threads and upcall stacks on whichever
 * core the process lands; before it did, the conventional backend trapped (status 133) and the
 * hw backend lost threads and hung. Runs on 2 cores of 2 contexts (tests/CMakeLists.txt).
 * Expect: status 0 */
#include <kasane/syscalls.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>

#define THREADS 16
#define ROUNDS 3000

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile long counter;

static void* add(void* arg) {
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    counter++;
    pthread_mutex_unlock(&lock);
  }
  return arg;
}

/* A busy process: it holds a core for a few slices, so this one must share and move. */
static int busy(void) {
  volatile unsigned x = 0;
  for (unsigned i = 0; i < 3000000; i++) x += i;
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1) return busy();
  char* av[] = {argv[0], "busy", 0};
  char* ev[] = {0};
  int b1 = kasane_spawn(argv[0], av, ev), b2 = kasane_spawn(argv[0], av, ev);
  if (b1 <= 0 || b2 <= 0) return 2;
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    if (pthread_create(&t[i], 0, add, 0) != 0) return 3;
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], 0);
  int st;
  waitpid(b1, &st, 0);
  waitpid(b2, &st, 0);
  printf("counter %ld\n", counter);
  return counter == (long)THREADS * ROUNDS ? 0 : 1;
}
