/* __lock_wait - one round of waiting for a lock (lock.h) that looks taken, when the program has
 * no thread library: spin. The thread library replaces this weak definition with one that waits
 * the way its backend does (src/thread/__lock_wait.c). */
#include "lock.h"

__attribute__((__weak__)) void __lock_wait(volatile int* l) {
  (void)l;
  a_spin();
}
