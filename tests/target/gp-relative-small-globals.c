/* gp-relative-small-globals - $gp holds the linker's _gp, so %gp_rel accesses to .sdata/.sbss
 * objects reach them: initialised ones hold their values, .sbss ones start at 0.
 * (Linux-targeted gcc defaults to -G 0 and never emits gp-relative code itself, but code built
 * with -G 8, or hand-written assembly, relies on crt0 having loaded $gp.)
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

extern char _gp[];
__attribute__((section(".sdata"))) int small_init = 1234;
__attribute__((section(".sdata"))) short small_short = -5;
__attribute__((section(".sbss"))) int small_zero;

#define GP_LOAD(insn, sym)                                                  \
  ({                                                                        \
    int32_t v_;                                                             \
    __asm__ volatile(insn " %0, %%gp_rel(" #sym ")($gp)" : "=r"(v_) : : "memory"); \
    v_;                                                                     \
  })

int main(void) {
  uint32_t gp;
  __asm__("move %0, $gp" : "=r"(gp));
  CHECK(gp == (uint32_t)(uintptr_t)_gp);
  CHECK((uintptr_t)&small_init - gp + 32768 < 65536);
  CHECK((uintptr_t)&small_zero - gp + 32768 < 65536);
  CHECK_INT(GP_LOAD("lw", small_init), 1234);
  CHECK_INT(GP_LOAD("lh", small_short), -5);
  CHECK_INT(GP_LOAD("lw", small_zero), 0);
  __asm__ volatile("sw %0, %%gp_rel(small_zero)($gp)" : : "r"(99) : "memory");
  CHECK_INT(small_zero, 99);
  small_init = 1235;
  CHECK_INT(GP_LOAD("lw", small_init), 1235);
  return check_done();
}
