/* slt-sltu-compare - slt/slti compare signed, sltu/sltiu unsigned; sltiu sign-extends its
 * immediate and then compares unsigned, so "sltiu x, -1" is true for all x but 0xffffffff.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

#define CMP(insn, a, b)                                          \
  ({                                                             \
    uint32_t r_;                                                 \
    __asm__(insn " %0, %1, %2" : "=r"(r_) : "r"(a), "r"(b));     \
    r_;                                                          \
  })
#define CMPI(insn, a, imm)                                       \
  ({                                                             \
    uint32_t r_;                                                 \
    __asm__(insn " %0, %1, " #imm : "=r"(r_) : "r"(a));          \
    r_;                                                          \
  })

int main(void) {
  CHECK_INT(CMP("slt", -1, 0), 1);
  CHECK_INT(CMP("sltu", -1, 0), 0);
  CHECK_INT(CMP("slt", 0x80000000u, 0x7fffffffu), 1);
  CHECK_INT(CMP("sltu", 0x80000000u, 0x7fffffffu), 0);
  CHECK_INT(CMP("slt", 5, 5), 0);
  CHECK_INT(CMP("sltu", 0, 1), 1);
  CHECK_INT(CMPI("slti", -5, -4), 1);
  CHECK_INT(CMPI("slti", -4, -4), 0);
  CHECK_INT(CMPI("slti", 0x7fffffff, 32767), 0);
  CHECK_INT(CMPI("sltiu", 0, 1), 1);
  CHECK_INT(CMPI("sltiu", 0xfffffffeu, -1), 1);
  CHECK_INT(CMPI("sltiu", 0xffffffffu, -1), 0);
  CHECK_INT(CMPI("sltiu", 0xffff7fffu, -32768), 1);
  CHECK_INT(CMPI("sltiu", 0x8000u, 32767), 0);
  volatile int s[] = {INT32_MIN, -1, 0, 1, INT32_MAX};
  int order_ok = 1;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++) {
      int lt = s[i] < s[j], ult = (uint32_t)s[i] < (uint32_t)s[j];
      order_ok &= lt == (i < j);
      printf("%d", ult);
    }
  printf("\n");
  CHECK(order_ok);
  return check_done();
}
