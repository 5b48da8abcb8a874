/* sem-posts-from-many-threads-wake-as-many-waits - 4 producers each post a semaphore 50 times
 * and 4 consumers each wait on it 50 times: every wait is matched by a post, none is lost (all
 * threads finish), and the value ends at 0.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>

#include "check.h"

#define PAIRS 4
#define ROUNDS 50

static sem_t s;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int taken;

static void* producer(void* arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) sem_post(&s);
  return 0;
}

static void* consumer(void* arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    sem_wait(&s);
    pthread_mutex_lock(&m);
    taken++;
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t p[PAIRS], c[PAIRS];
  int v = -1;
  CHECK_INT(sem_init(&s, 0, 0), 0);
  for (int i = 0; i < PAIRS; i++) {
    pthread_create(&c[i], 0, consumer, 0);
    pthread_create(&p[i], 0, producer, 0);
  }
  for (int i = 0; i < PAIRS; i++) {
    pthread_join(p[i], 0);
    pthread_join(c[i], 0);
  }
  CHECK_INT(taken, PAIRS * ROUNDS);
  CHECK_INT(sem_getvalue(&s, &v), 0);
  CHECK_INT(v, 0);
  CHECK_INT(sem_destroy(&s), 0);
  return check_done();
}
