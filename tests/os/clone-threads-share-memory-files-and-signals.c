/* clone-threads-share-memory-files-and-signals - threads made with clone and NPTL's flags share
 * the process: two add to one counter (LL/SC) and the sum is theirs together; a descriptor one
 * opens (dup) is open in the main thread; each has its own tid (gettid, the one clone returned
 * and PARENT_SETTID stored, none the pid) and its own thread pointer (CLONE_SETTLS, rdhwr $29).
 * CLONE_CHILD_CLEARTID zeroes the word and wakes the joiner waiting on it with FUTEX_WAIT. A
 * FUTEX_WAKE wakes a thread asleep in FUTEX_WAIT and says it woke one. tgkill aimed at a thread
 * runs the handler on that thread (it sees its own gettid) and ends its futex wait with EINTR.
 * Threads that all wait hold no context: clone makes 16 of them, more than the contexts, and
 * FUTEX_WAKE wakes them all.
 * Expect: status 0 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <kasane/syscalls.h>

#include "check.h"
#include "kthread.h"

#define ADDS 200

static char stacks[3][4096] __attribute__((aligned(8)));
#define MAXFILL 16
static char fillstacks[MAXFILL][1024] __attribute__((aligned(8)));
static volatile int fillword, fillctid[MAXFILL];
static volatile int counter;
static volatile int tids[3];   /* what each thread's gettid said */
static volatile int tps[2];    /* what each thread's rdhwr $29 said */
static volatile int dupfd = -1;
static volatile int word;      /* a futex the third thread sleeps on */
static volatile long waitres = 1;
static volatile int handler_tid;
static int tls_of[2] = {0x1000, 0x2000}; /* thread pointers: only compared, never used */

static void adder(void* arg) {
  int i = (int)(long)arg;
  tids[i] = (int)kgettid();
  unsigned long tp;
  __asm__ volatile(".set push\n .set mips32r2\n rdhwr %0, $29\n .set pop" : "=r"(tp));
  tps[i] = (int)tp;
  if (i == 0) dupfd = (int)ksys(SYS_dup, 1, 0, 0, 0);
  for (int n = 0; n < ADDS; n++) __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
}

static void sleeper(void* arg) {
  (void)arg;
  tids[2] = (int)kgettid();
  waitres = kfutex(&word, FUTEX_WAIT | FUTEX_PRIVATE_FLAG, 0, 0);
}

static void filler(void* arg) {
  (void)arg;
  while (fillword == 0) kfutex(&fillword, FUTEX_WAIT, 0, 0);
}

static void on_usr1(int sig) {
  (void)sig;
  handler_tid = (int)kgettid();
}

int main(void) {
  int pid = getpid();
  CHECK_INT(kgettid(), pid);
  unsigned long flags = NPTL_FLAGS;
  volatile int ctid[3];
  long tid[3];
  for (int i = 0; i < 2; i++) {
    ctid[i] = -1;
    tid[i] = kclone(flags, stacks[i] + sizeof stacks[i], (int*)&ctid[i], (void*)tls_of[i],
                    (int*)&ctid[i], adder, (void*)(long)i);
    CHECK(tid[i] > 0);
  }
  for (int i = 0; i < 2; i++) {
    kjoin(&ctid[i]);
    CHECK_INT(ctid[i], 0);
    CHECK_INT(tids[i], tid[i]);
    CHECK(tids[i] != pid);
    CHECK_INT(tps[i], tls_of[i]);
  }
  CHECK(tid[0] != tid[1]);
  CHECK_INT(counter, 2 * ADDS);
  /* The descriptor the thread opened is the process's. */
  CHECK(dupfd > 2);
  CHECK_INT(ksys(SYS_fcntl, dupfd, 1 /* F_GETFD */, 0, 0), 0);
  CHECK_INT(write(dupfd, "written through the thread's fd\n", 32), 32);
  CHECK_INT(close(dupfd), 0);

  /* A thread asleep in FUTEX_WAIT: tgkill runs the handler there and ends the wait (EINTR). */
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigemptyset(&sa.sa_mask);
  CHECK_INT(sigaction(SIGUSR1, &sa, 0), 0);
  ctid[2] = -1;
  tid[2] = kclone(flags & ~CLONE_SETTLS, stacks[2] + sizeof stacks[2], (int*)&ctid[2], 0,
                  (int*)&ctid[2], sleeper, 0);
  CHECK(tid[2] > 0);
  while (tids[2] == 0) {
  }
  /* A signal that comes before the thread sleeps runs its handler and is gone: send until the
   * thread has left its wait and exited. */
  CHECK_INT(syscall(SYS_tgkill, pid, tid[2], SIGUSR1), 0);
  while (ctid[2] != 0) {
    for (int n = 0; n < 2000; n++) __asm__ volatile("nop");
    ksys(SYS_tgkill, pid, tid[2], SIGUSR1, 0);
  }
  CHECK_INT(handler_tid, tid[2]);
  CHECK_INT(waitres, -EINTR);

  /* Again, woken by FUTEX_WAKE this time: the wake reports one thread woken. */
  waitres = 1;
  tids[2] = 0;
  ctid[2] = -1;
  tid[2] = kclone(flags & ~CLONE_SETTLS, stacks[2] + sizeof stacks[2], (int*)&ctid[2], 0,
                  (int*)&ctid[2], sleeper, 0);
  CHECK(tid[2] > 0);
  long woke = 0;
  while (woke == 0) woke = kfutex(&word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 1, 0);
  CHECK_INT(woke, 1);
  kjoin(&ctid[2]);
  CHECK_INT(waitres, 0);

  /* More waiting threads than contexts, then wake them all. */
  int n = 0;
  while (n < MAXFILL) {
    fillctid[n] = -1;
    long r = kclone(flags & ~CLONE_SETTLS, fillstacks[n] + sizeof fillstacks[n],
                    (int*)&fillctid[n], 0, (int*)&fillctid[n], filler, 0);
    CHECK(r > 0);
    if (r < 0) break;
    n++;
  }
  CHECK(n > __builtin_popcount(kasane_contexts()));
  fillword = 1;
  long all = 0;
  for (int i = 0; i < n; i++) { /* each wake reaches those asleep by then */
    all += kfutex(&fillword, FUTEX_WAKE, 0x7fffffff, 0);
    kjoin(&fillctid[i]);
  }
  CHECK(all <= n);
  return check_done();
}
