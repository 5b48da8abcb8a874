/* tfork-racing-the-kernels-context-start-is-eagain-not-a-panic - kasane_ctx_spawn (and clone, and
 * kasane_ctx_start on the caller's core) read which contexts of the core are free, then start
 * one with a TFORK aimed at it. User code on another context of the core TFORKs without the
 * kernel's lock, so it can take that context in between: the kernel must then answer EAGAIN (or
 * use another free context), not panic. A chain of contexts that each TFORK their successor and
 * TEXIT keeps taking free contexts while the main thread asks the kernel for one, many times.
 * Expect: status 0 */
#include <errno.h>
#include <kasane/kasane_isa.h>
#include <kasane/syscalls.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "thread.h"

#define ASKS 1500

/* As in threads-forking-their-successors-cannot-hold-the-core: TFORK itself until a context is
 * free, then TEXIT; needs no stack. */
void race_chain(void);
__asm__(
    "  .text\n"
    "  .globl race_chain\n"
    "  .set push\n"
    "  .set noreorder\n"
    "race_chain:\n"
    "  lui $t0, %hi(race_chain)\n"
    "  addiu $t0, $t0, %lo(race_chain)\n"
    "1:\n"
    "  .word 0x4a001201\n" /* tfork $v0, $t0, $zero */
    "  beq $v0, $zero, 1b\n"
    "  nop\n"
    "  .word 0x4a000002\n" /* texit */
    "  .set pop\n");

/* What a context the kernel started runs: it ends at once. */
void race_stub(void);
__asm__(
    "  .text\n"
    "  .globl race_stub\n"
    "race_stub:\n"
    "  .word 0x4a000002\n" /* texit */
    "  nop\n");

int main(void) {
  CHECK(kasane_tfork((unsigned long)race_chain, 0) > 0);
  int started = 0, refused = 0;
  for (int i = 0; i < ASKS; i++) {
    long r = kasane_ctx_spawn((unsigned long)race_stub, 0, 0);
    if (r > 0) {
      started++;
    } else {
      CHECK_INT(r, -1);
      CHECK_INT(errno, EAGAIN);
      refused++;
    }
  }
  printf("%d contexts started, %d refused with EAGAIN\n", started, refused);
  CHECK(started > 0);
  exit(check_done()); /* exit, not return: the chain's contexts end with the process */
}
