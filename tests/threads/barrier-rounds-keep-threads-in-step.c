/* barrier-rounds-keep-threads-in-step - 6 threads go through 60 rounds, each writing its slot
 * with the round number, waiting at a barrier, checking that every slot holds this round, and
 * waiting again before the next round overwrites them: nobody ever sees another round's value,
 * and each barrier round names exactly one thread PTHREAD_BARRIER_SERIAL_THREAD.
 * Expect: status 0 */
#include <errno.h>
#include <pthread.h>

#include "check.h"

#define THREADS 6
#define ROUNDS 60

static pthread_barrier_t barrier;
static volatile int slot[THREADS];
static volatile int wrong, serial;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void arrive(void) {
  int r = pthread_barrier_wait(&barrier);
  if (r == PTHREAD_BARRIER_SERIAL_THREAD) {
    pthread_mutex_lock(&m);
    serial++;
    pthread_mutex_unlock(&m);
  } else if (r != 0) {
    wrong++;
  }
}

static void* run(void* arg) {
  int me = (int)(long)arg;
  for (int round = 1; round <= ROUNDS; round++) {
    slot[me] = round;
    arrive();
    for (int k = 0; k < THREADS; k++)
      if (slot[k] != round) {
        pthread_mutex_lock(&m);
        wrong++;
        pthread_mutex_unlock(&m);
      }
    arrive();
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  CHECK_INT(pthread_barrier_init(&barrier, 0, THREADS), 0);
  for (long i = 0; i < THREADS; i++) pthread_create(&t[i], 0, run, (void*)i);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], 0);
  CHECK_INT(wrong, 0);
  CHECK_INT(serial, 2 * ROUNDS);
  CHECK_INT(pthread_barrier_destroy(&barrier), 0);
  CHECK_INT(pthread_barrier_init(&barrier, 0, 0), EINVAL);
  return check_done();
}
