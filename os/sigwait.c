/* pause and rt_sigsuspend: waits for a signal. Each ends with ERESTARTNOHAND, which the way back
 * to user mode settles as Linux does (syscall.c, syscall_settle): -1 with EINTR once a handler
 * has run, and the wait goes on when the signal ran none (it went to another thread, say).
 * A process whose every thread waits so, with nothing to send it a signal, is a deadlock the
 * simulator reports. */
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "proc.h"

/* Sleep until a signal kt may take is pending (or the process is killed). */
static void wait_for_signal(struct kthread* kt) {
  kt->interruptible = 1;
  while (!interrupted(kt)) {
    sleep(kt);
    kt = mykt(); /* a kernel notification may have detached the call */
  }
  kt->interruptible = 0;
}

/* pause(): wait for a signal whose handler runs. */
int32_t sys_pause(void) {
  wait_for_signal(mykt());
  return -ERESTARTNOHAND;
}

/* rt_sigsuspend(mask, sigsetsize): pause with the thread's signal mask set to *mask (SIGKILL and
 * SIGSTOP stay open); the old mask comes back when the handler returns (the signal frame saves
 * it) or when the call ends without one. -EINVAL unless sigsetsize is 16, -EFAULT. */
int32_t sys_rt_sigsuspend(void) {
  struct kthread* kt = mykt();
  uint32_t umask, size, mask[4];
  argint(0, &umask);
  argint(1, &size);
  if (size != sizeof mask) return -EINVAL;
  if (copyin(kt->proc->vm, mask, umask, sizeof mask) < 0) return -EFAULT;
  uint32_t* m = sigmaskof(kt);
  if (!kt->mask_saved) kt->saved_mask = *m; /* a restarted call keeps the first old mask */
  kt->mask_saved = 1;
  *m = mask[0] & ~(1u << (SIGKILL - 1) | 1u << (SIGSTOP - 1));
  wait_for_signal(kt);
  return -ERESTARTNOHAND;
}
