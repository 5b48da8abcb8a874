/* thread-exit-leaves-the-others-and-exit-group-ends-all - exit ends the calling thread alone: a
 * child whose main thread exits (status 3) goes on in its clone thread, which then ends the
 * process with exit_group(9); if that thread exits instead, as the last one, the parent sees the
 * main thread's status (3), as Linux reports it. (The thread knows the main thread has gone by
 * the main thread's set_tid_address word, zeroed and woken at its exit.) exit_group from the main thread ends threads
 * asleep in FUTEX_WAIT and spinning in user code (status 7). A thread killed with its process
 * leaves nothing behind: once the children are reaped, sysinfo shows the processes and free
 * memory of before.
 * Expect: status 0 */
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "kthread.h"
#include "sysinfo32.h"
#include "thread.h"

static char stacks[2][4096] __attribute__((aligned(8)));
static volatile int word, spinning;
static volatile int ctid[2];
static volatile int mainword; /* the main thread's CLEARTID word (set_tid_address) */

/* Outlives the main thread, then ends the process with exit_group(9) or leaves with exit(5). */
static void survivor(void* arg) {
  int group = (int)(long)arg;
  kjoin(&mainword); /* the main thread has exited */
  if (group) ksys(SYS_exit_group, 9, 0, 0, 0);
  kexit_thread(5);
}

static void waiter(void* arg) {
  (void)arg;
  for (;;) kfutex(&word, FUTEX_WAIT, 0, 0);
}

static void spinner(void* arg) {
  (void)arg;
  for (;;) spinning++;
}

static int child(const char* mode) {
  if (strcmp(mode, "group") == 0 || strcmp(mode, "last") == 0) {
    mainword = getpid();
    if (ksys(SYS_set_tid_address, (long)&mainword, 0, 0, 0) != mainword) return 99;
    long t = kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[0] + sizeof stacks[0], (int*)&ctid[0], 0,
                    (int*)&ctid[0], survivor, (void*)(long)(mode[0] == 'g'));
    if (t <= 0) return 100;
    kexit_thread(3);
  }
  /* "all": one thread asleep in the kernel, one in user code, when the main thread ends all. */
  if (kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[0] + sizeof stacks[0], (int*)&ctid[0], 0,
             (int*)&ctid[0], waiter, 0) <= 0 ||
      kclone(NPTL_FLAGS & ~CLONE_SETTLS, stacks[1] + sizeof stacks[1], (int*)&ctid[1], 0,
             (int*)&ctid[1], spinner, 0) <= 0)
    return 101;
  while (spinning < 100) {
  }
  ksys(SYS_exit_group, 7, 0, 0, 0);
  return 102;
}

static struct sysinfo32 info(void) {
  struct sysinfo32 si;
  memset(&si, 0xff, sizeof si);
  CHECK_INT(syscall(SYS_sysinfo, &si, 0, 0, 0, 0, 0), 0);
  return si;
}

static int run(const char* argv0, const char* mode) {
  pid_t pid = spawn_self(argv0, mode, 0);
  CHECK(pid > 0);
  int st = 0;
  CHECK_INT(waitpid(pid, &st, 0), pid);
  CHECK(WIFEXITED(st));
  return WEXITSTATUS(st);
}

int main(int argc, char** argv) {
  if (argc > 1) return child(argv[1]);
  struct sysinfo32 before = info();
  CHECK_INT(run(argv[0], "group"), 9);
  CHECK_INT(run(argv[0], "last"), 3);
  CHECK_INT(run(argv[0], "all"), 7);
  struct sysinfo32 after = info();
  CHECK_INT(after.procs, before.procs);
  CHECK_INT(after.freeram, before.freeram);
  return check_done();
}
