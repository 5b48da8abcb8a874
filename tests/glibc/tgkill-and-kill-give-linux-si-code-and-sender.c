/* The siginfo a handler gets says how the signal was sent, as on Linux: kill gives si_code
 * SI_USER (0), tgkill SI_TKILL (-6) whether it names a process without threads (the kernel then
 * makes it the process's) or one thread of several, and both give the sender's pid (si_uid:
 * itimer-gives-si-kernel-and-root-ids). glibc's raise and pthread_kill are tgkill; a thread
 * signals itself, and one signals the main thread while that waits on a semaphore. The handler
 * records, main prints afterwards, so the output does not depend on when a thread runs. After
 * the threads are joined, kill still runs the handler: glibc blocks every signal in a thread
 * that ends, which must block them for that thread alone (each thread has its own mask).
 * Link: -pthread
 * Expect: status 0 */
#define _GNU_SOURCE
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile int got_signo, got_code, got_pid;

static void handler(int sig, siginfo_t* info, void* uc) {
  (void)uc;
  got_signo = sig == info->si_signo ? sig : -1;
  got_code = info->si_code;
  got_pid = info->si_pid;
}

/* Print what the last handler saw, and reset it. */
static void report(const char* how) {
  printf("%-30s signo %d code %d from me %d\n", how, got_signo, got_code, got_pid == getpid());
  got_signo = got_code = got_pid = 0;
}

static pthread_t main_thread;
static sem_t done, may_end;

static void* self_signaller(void* arg) {
  (void)arg;
  pthread_kill(pthread_self(), SIGUSR1);
  sem_post(&done);
  sem_wait(&may_end);
  return 0;
}

static void* main_signaller(void* arg) {
  (void)arg;
  pthread_kill(main_thread, SIGUSR2);
  sem_post(&done);
  sem_wait(&may_end);
  return 0;
}

int main(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = handler;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigaction(SIGUSR1, &sa, 0);
  sigaction(SIGUSR2, &sa, 0);
  main_thread = pthread_self();

  kill(getpid(), SIGUSR2);
  report("kill to itself");
  syscall(SYS_tgkill, getpid(), (pid_t)syscall(SYS_gettid), SIGUSR1);
  report("tgkill to itself");
  raise(SIGUSR2);
  report("raise");

  sem_init(&done, 0, 0);
  sem_init(&may_end, 0, 0);
  pthread_t t[2];
  pthread_create(&t[0], 0, self_signaller, 0);
  while (sem_wait(&done) != 0) continue; /* EINTR: a handler ran */
  report("pthread_kill, a thread itself");
  pthread_create(&t[1], 0, main_signaller, 0);
  while (sem_wait(&done) != 0) continue;
  report("pthread_kill to main");

  kill(getpid(), SIGUSR1); /* with threads, kill is still SI_USER */
  report("kill with threads");
  sem_post(&may_end);
  sem_post(&may_end);
  pthread_join(t[0], 0);
  pthread_join(t[1], 0);
  kill(getpid(), SIGUSR2);
  report("kill after the threads ended");
  return 0;
}
