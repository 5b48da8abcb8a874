/* branch-delay-slot-executes - the instruction after a branch or jump runs whether or not the
 * branch is taken, and jal/bal/jalr link the address after the delay slot (branch + 8).
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

int main(void) {
  int taken_slot, untaken_slot, after;
  __asm__(".set push\n\t.set noreorder\n\t"
          "li %0, 0\n\t"
          "li %1, 0\n\t"
          "li %2, 0\n\t"
          "beq $zero, $zero, 1f\n\t"
          "addiu %0, %0, 1\n\t" /* delay slot of a taken branch: runs */
          "addiu %2, %2, 100\n" /* skipped */
          "1:\tbne $zero, $zero, 2f\n\t"
          "addiu %1, %1, 1\n\t" /* delay slot of an untaken branch: runs */
          "addiu %2, %2, 1\n"   /* falls through here: runs */
          "2:\n\t"
          ".set pop"
          : "=&r"(taken_slot), "=&r"(untaken_slot), "=&r"(after));
  CHECK_INT(taken_slot, 1);
  CHECK_INT(untaken_slot, 1);
  CHECK_INT(after, 1);

  uint32_t link, target, slot;
  __asm__(".set push\n\t.set noreorder\n\t"
          "move $t0, $ra\n\t"
          "li %2, 0\n\t"
          "bal 1f\n\t"
          "addiu %2, %2, 7\n" /* delay slot */
          "0:\tnop\n"
          "1:\tmove %0, $ra\n\t"
          "la %1, 0b\n\t"
          "move $ra, $t0\n\t"
          ".set pop"
          : "=&r"(link), "=&r"(target), "=&r"(slot)
          :
          : "$t0", "$ra");
  CHECK_INT(link - target, 0); /* $ra = address of bal + 8 = label 0 */
  CHECK_INT(slot, 7);

  uint32_t jlink, jtarget;
  __asm__(".set push\n\t.set noreorder\n\t"
          "move $t0, $ra\n\t"
          "la $t1, 1f\n\t"
          "jalr $t1\n\t"
          "nop\n"
          "0:\tnop\n"
          "1:\tmove %0, $ra\n\t"
          "la %1, 0b\n\t"
          "move $ra, $t0\n\t"
          ".set pop"
          : "=&r"(jlink), "=&r"(jtarget)
          :
          : "$t0", "$t1", "$ra");
  CHECK_INT(jlink - jtarget, 0);
  return check_done();
}
