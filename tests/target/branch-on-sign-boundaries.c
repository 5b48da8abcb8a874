/* branch-on-sign-boundaries - beq/bne/blez/bgtz/bltz/bgez and the linking bltzal/bgezal decide
 * correctly at 0, -1, 1, INT_MIN and INT_MAX.
 * Expect: status 0 */
#include <limits.h>

#include "check.h"

#define BR(insn, x)                                                              \
  ({                                                                             \
    int t_ = 0;                                                                  \
    __asm__(insn " %1, 1f\n\t"                                                   \
            "nop\n\t"                                                            \
            "b 2f\n\t"                                                           \
            "nop\n"                                                              \
            "1:\tli %0, 1\n"                                                     \
            "2:"                                                                 \
            : "+r"(t_)                                                           \
            : "r"(x));                                                           \
    t_;                                                                          \
  })

static int bal_taken(int x) {
  int taken;
  /* bltzal/bgezal link $ra even when not taken; save it around them. */
  __asm__(".set push\n\t.set noreorder\n\t"
          "move $t0, $ra\n\t"
          "li %0, 0\n\t"
          "bltzal %1, 1f\n\t"
          "nop\n\t"
          "b 2f\n\t"
          "nop\n"
          "1:\tli %0, 1\n"
          "2:\tmove $ra, $t0\n\t"
          ".set pop"
          : "=&r"(taken)
          : "r"(x)
          : "$t0", "$ra");
  return taken;
}

int main(void) {
  static const int v[] = {INT_MIN, -1, 0, 1, INT_MAX};
  for (int i = 0; i < 5; i++) {
    int x = v[i];
    int z = BR("blez", x), g = BR("bgtz", x), l = BR("bltz", x), e = BR("bgez", x);
    printf("%11d: blez=%d bgtz=%d bltz=%d bgez=%d bltzal=%d\n", x, z, g, l, e, bal_taken(x));
    CHECK(z == (x <= 0) && g == (x > 0) && l == (x < 0) && e == (x >= 0));
    CHECK(bal_taken(x) == (x < 0));
  }
  int eq, ne;
  __asm__("li %0, 0\n\tbeq %2, %3, 1f\n\tli %0, 2\n1:\tli %1, 0\n\tbne %2, %3, 2f\n\tli %1, 2\n2:"
          : "=&r"(eq), "=&r"(ne)
          : "r"(INT_MIN), "r"(0x80000000u));
  CHECK_INT(eq, 0); /* taken: skipped the li 2 */
  CHECK_INT(ne, 2); /* not taken */
  return check_done();
}
