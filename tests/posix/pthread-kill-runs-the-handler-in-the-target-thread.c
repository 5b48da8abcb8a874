/* pthread-kill-runs-the-handler-in-the-target-thread - a signal sent with pthread_kill to a
 * thread that blocks it (pthread_sigmask) stays pending for that thread: its handler has not run
 * when the sender goes on; when the target unblocks it, the handler runs in the target before
 * pthread_sigmask returns (pthread_self there is the target). pthread_sigmask gives back the old
 * mask and rejects a bad `how` with EINVAL. main's own mask is unaffected.
 * Expect: status 0
 * Glibc: yes */
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>

#include "check.h"

static sem_t blocked, sent;
static volatile pthread_t handled_by;
static volatile int handled, seen_before_unblock = -1, was_blocked = -1;

static void handler(int sig) {
  (void)sig;
  handled_by = pthread_self();
  handled++;
}

static void* target(void* arg) {
  (void)arg;
  sigset_t s, old;
  sigemptyset(&s);
  sigaddset(&s, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &s, 0);
  sem_post(&blocked);
  sem_wait(&sent);
  seen_before_unblock = handled;
  pthread_sigmask(SIG_UNBLOCK, &s, &old);
  was_blocked = sigismember(&old, SIGUSR1);
  return 0;
}

int main(void) {
  struct sigaction sa = {0};
  sa.sa_handler = handler;
  sigaction(SIGUSR1, &sa, 0);
  sigset_t none, cur;
  sigemptyset(&none);
  CHECK_INT(pthread_sigmask(99, &none, 0), 22); /* EINVAL */
  pthread_t t;
  sem_init(&blocked, 0, 0);
  sem_init(&sent, 0, 0);
  CHECK_INT(pthread_create(&t, 0, target, 0), 0);
  sem_wait(&blocked);
  CHECK_INT(pthread_kill(t, SIGUSR1), 0);
  CHECK_INT(handled, 0);
  sem_post(&sent);
  CHECK_INT(pthread_join(t, 0), 0);
  CHECK_INT(seen_before_unblock, 0);
  CHECK_INT(was_blocked, 1);
  CHECK_INT(handled, 1);
  CHECK(pthread_equal(handled_by, t));
  CHECK_INT(pthread_sigmask(SIG_BLOCK, 0, &cur), 0);
  CHECK_INT(sigismember(&cur, SIGUSR1), 0);
  return check_done();
}
