/* futex-and-clone-errors-match-linux - the errors of the thread calls: FUTEX_WAIT on a word that
 * differs from the value is EAGAIN, on an unaligned address EINVAL, on a bad one (NULL, a kernel
 * address) EFAULT, as is a bad timeout pointer; a negative timeout is EINVAL and a short one
 * ends with ETIMEDOUT after at least that time; FUTEX_WAKE with nobody waiting wakes 0, and
 * other operations are ENOSYS. A thread's clone takes NPTL's flags only (EINVAL for an exit
 * signal or an extra bit), a process's no sharing of files, and clone checks its tid pointers
 * first (EFAULT, and no thread is made).
 * gettid and set_tid_address give the pid in the main thread; tgkill of no such thread is
 * ESRCH, of a bad id EINVAL.
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "kthread.h"

static volatile int word = 5;
static char stack[1024] __attribute__((aligned(8)));
static volatile int ran;

static void never(void* arg) {
  (void)arg;
  ran = 1;
}

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int main(void) {
  int pid = getpid();
  CHECK_INT(kgettid(), pid);
  CHECK_INT(ksys(SYS_set_tid_address, (long)&word, 0, 0, 0), pid);
  CHECK_INT(ksys(SYS_set_tid_address, 0, 0, 0, 0), pid);

  /* futex */
  CHECK_INT(kfutex(&word, FUTEX_WAIT, 4, 0), -EAGAIN);
  CHECK_INT(kfutex(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 6, 0), -EAGAIN);
  CHECK_INT(kfutex((volatile int*)((char*)&word + 1), FUTEX_WAIT, 5, 0), -EINVAL);
  CHECK_INT(kfutex(0, FUTEX_WAIT, 0, 0), -EFAULT);
  CHECK_INT(kfutex((volatile int*)0x80000000, FUTEX_WAIT, 0, 0), -EFAULT);
  CHECK_INT(kfutex((volatile int*)0x80000000, FUTEX_WAKE, 1, 0), -EFAULT);
  CHECK_INT(kfutex(&word, FUTEX_WAIT, 5, (void*)0x80000000), -EFAULT);
  struct timespec neg = {-1, 0}, bad = {0, 1000000000}, short_wait = {0, 200000};
  CHECK_INT(kfutex(&word, FUTEX_WAIT, 5, &neg), -EINVAL);
  CHECK_INT(kfutex(&word, FUTEX_WAIT, 5, &bad), -EINVAL);
  long long t0 = now_ns();
  CHECK_INT(kfutex(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 5, &short_wait), -ETIMEDOUT);
  CHECK(now_ns() - t0 >= 200000);
  CHECK_INT(kfutex(&word, FUTEX_WAKE, 1, 0), 0);
  CHECK_INT(kfutex(&word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 10, 0), 0);
  CHECK_INT(kfutex(&word, 5 /* FUTEX_WAKE_OP */, 1, 0), -ENOSYS);
  CHECK_INT(kfutex(&word, 6 /* FUTEX_LOCK_PI */, 5, 0), -ENOSYS);

  /* clone */
  void* top = stack + sizeof stack;
  int tidword = 7;
  CHECK_INT(kclone(0x00000400 /* CLONE_FILES without a thread */, top, 0, 0, 0, never, 0), -EINVAL);
  CHECK_INT(kclone(NPTL_FLAGS | SIGCHLD, top, &tidword, 0, &tidword, never, 0), -EINVAL);
  CHECK_INT(kclone(NPTL_FLAGS | 0x00002000 /* CLONE_PTRACE */, top, &tidword, 0, &tidword, never,
                   0), -EINVAL);
  CHECK_INT(kclone(NPTL_FLAGS & ~CLONE_THREAD, top, &tidword, 0, &tidword, never, 0), -EINVAL);
  CHECK_INT(kclone(NPTL_FLAGS, top, (int*)0x80000000, 0, &tidword, never, 0), -EFAULT);
  CHECK_INT(kclone(NPTL_FLAGS, top, &tidword, 0, (int*)0x80000000, never, 0), -EFAULT);
  CHECK_INT(kclone(NPTL_FLAGS, top, 0, 0, &tidword, never, 0), -EFAULT);
  CHECK_INT(tidword, 7);
  for (int n = 0; n < 1000; n++) __asm__ volatile("nop");
  CHECK_INT(ran, 0);

  /* tgkill */
  CHECK_INT(ksys(SYS_tgkill, pid, pid + 1000, 0, 0), -ESRCH);
  CHECK_INT(ksys(SYS_tgkill, pid, 0, SIGUSR1, 0), -EINVAL);
  CHECK_INT(ksys(SYS_tgkill, 0, pid, SIGUSR1, 0), -EINVAL);
  CHECK_INT(ksys(SYS_tgkill, pid, pid, 0, 0), 0);
  return check_done();
}
