/* ll-sc-counter - an ll/sc retry loop increments a counter atomically; sc reports success with 1
 * in its register; __sync builtins (also ll/sc on MIPS) agree.
 * Expect: status 0 */
#include "check.h"

static volatile int counter;

static int atomic_add(volatile int* p, int v) {
  int old, tmp;
  __asm__ volatile(
      "1:\tll %0, 0(%2)\n\t"
      "addu %1, %0, %3\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b\n\t"
      "nop"
      : "=&r"(old), "=&r"(tmp)
      : "r"(p), "r"(v)
      : "memory");
  return old;
}

int main(void) {
  int sc_result;
  __asm__ volatile("ll %0, 0(%1)\n\tli %0, 77\n\tsc %0, 0(%1)"
                   : "=&r"(sc_result)
                   : "r"(&counter)
                   : "memory");
  CHECK_INT(sc_result, 1);
  CHECK_INT(counter, 77);
  counter = 0;
  int last = -1;
  for (int i = 0; i < 1000; i++) last = atomic_add(&counter, 3);
  CHECK_INT(last, 2997);
  CHECK_INT(counter, 3000);
  CHECK_INT(__sync_fetch_and_add(&counter, 5), 3000);
  CHECK_INT(__sync_val_compare_and_swap(&counter, 3005, 1), 3005);
  CHECK_INT(__sync_val_compare_and_swap(&counter, 3005, 2), 1); /* fails: value is 1 */
  CHECK_INT(__sync_lock_test_and_set(&counter, 9), 1);
  CHECK_INT(counter, 9);
  return check_done();
}
