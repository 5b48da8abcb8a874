/* reused-thread-block-starts-clean - a thread created after another has exited (and was joined,
 * or was detached) starts as POSIX says a new thread starts, whatever its predecessor left: no
 * thread-specific values (for a key with a destructor and one without), errno 0, cancellation
 * enabled and deferred with none pending, and the creator's signal mask. Kasane's library reuses
 * an exited thread's block and stack without zeroing them (issue 38), so each round leaves all of
 * that changed, 40 times over, joined and detached in turn (a detached one's destructor says when
 * it is done), with each create right after the last exit.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>

#include "check.h"

#define ROUNDS 40

static pthread_key_t with_dtor, without_dtor;
static sem_t detached_done;
static volatile int dtor_calls, dirty_seen;

/* Runs at each thread's exit; a detached thread's (value 2) tells main it is done. */
static void dtor(void* v) {
  dtor_calls++;
  if (v == (void*)2) sem_post(&detached_done);
}

/* What a fresh thread must find; then leave everything changed for the next. */
static void* dirty(void* arg) {
  pthread_testcancel(); /* a cancellation its predecessor left pending would act here */
  int old_state = -1, old_type = -1;
  sigset_t mask;
  sigemptyset(&mask);
  pthread_sigmask(SIG_BLOCK, 0, &mask);
  if (pthread_getspecific(with_dtor) || pthread_getspecific(without_dtor) || errno != 0 ||
      sigismember(&mask, SIGUSR1) || !sigismember(&mask, SIGUSR2))
    dirty_seen++;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old_state);
  pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old_type);
  if (old_state != PTHREAD_CANCEL_ENABLE || old_type != PTHREAD_CANCEL_DEFERRED) dirty_seen++;
  pthread_cancel(pthread_self()); /* pending, but disabled: never acted on */
  pthread_setspecific(with_dtor, arg ? (void*)2 : (void*)1);
  pthread_setspecific(without_dtor, (void*)3);
  errno = EINTR;
  sigaddset(&mask, SIGUSR1);
  pthread_sigmask(SIG_SETMASK, &mask, 0);
  return 0;
}

int main(void) {
  CHECK_INT(pthread_key_create(&with_dtor, dtor), 0);
  CHECK_INT(pthread_key_create(&without_dtor, 0), 0);
  sem_init(&detached_done, 0, 0);
  sigset_t mask; /* the creator's: SIGUSR2 blocked, SIGUSR1 not */
  sigemptyset(&mask);
  sigaddset(&mask, SIGUSR2);
  CHECK_INT(pthread_sigmask(SIG_SETMASK, &mask, 0), 0);
  for (int i = 0; i < ROUNDS; i++) {
    pthread_t t;
    void* res = (void*)-1;
    if (i % 2) {
      pthread_attr_t attr;
      pthread_attr_init(&attr);
      pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
      CHECK_INT(pthread_create(&t, &attr, dirty, (void*)1), 0);
      pthread_attr_destroy(&attr);
      sem_wait(&detached_done);
    } else {
      CHECK_INT(pthread_create(&t, 0, dirty, 0), 0);
      CHECK_INT(pthread_join(t, &res), 0);
      CHECK_INT((int)(intptr_t)res, 0);
    }
  }
  CHECK_INT(dirty_seen, 0);
  CHECK_INT(dtor_calls, ROUNDS);
  return check_done();
}
