/* pthread-spin-trylock-on-a-held-lock-gives-ebusy - a spin lock serialises 4 threads adding to a
 * counter 200 times each (no update lost); pthread_spin_trylock takes a free lock (0) and gives
 * EBUSY for a held one.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>

#include "check.h"

static pthread_spinlock_t l;
static volatile int counter;

static void* add(void* arg) {
  (void)arg;
  for (int i = 0; i < 200; i++) {
    pthread_spin_lock(&l);
    counter = counter + 1;
    pthread_spin_unlock(&l);
  }
  return 0;
}

int main(void) {
  pthread_t t[4];
  CHECK_INT(pthread_spin_init(&l, PTHREAD_PROCESS_PRIVATE), 0);
  for (int i = 0; i < 4; i++) pthread_create(&t[i], 0, add, 0);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  CHECK_INT(counter, 800);
  CHECK_INT(pthread_spin_trylock(&l), 0);
  CHECK_INT(pthread_spin_trylock(&l), 16); /* EBUSY */
  CHECK_INT(pthread_spin_unlock(&l), 0);
  CHECK_INT(pthread_spin_destroy(&l), 0);
  return check_done();
}
