/* Kernel entry: every started context comes here (kasane-sim starts context 0, and the others too
 * when core.smp_start is set) in kernel mode with Status = CU0|BEV and interrupts off, with
 *     $a0 = kseg0 address of the struct kasane_bootinfo,  $a1 = KASANE_BOOT_MAGIC.
 * Context 0 gets a stack and $gp, clears .bss, leaves the boot vectors and calls main(). The others
 * park: this first kernel runs on context 0 alone. */
#include "mips.h"
#include "param.h"

  .section .text.start, "ax"
  .set noreorder
  .globl _start
  .ent _start
_start:
  mfc0 $t0, CP0_EBASE
  andi $t0, $t0, EBASE_CPUNUM
  bnez $t0, park
  nop

  la $sp, bootstack + BOOTSTACKSIZE
  la $gp, _gp

  /* Clear .sbss and .bss (word aligned by kernel.ld); $a0/$a1 are kept for main. */
  la $t0, __bss_start
  la $t1, __bss_end
1:
  beq $t0, $t1, 2f
  nop
  sw $zero, 0($t0)
  b 1b
  addiu $t0, $t0, 4
2:
  /* Kernel mode, exception vectors at EBase (BEV = 0), interrupts off. */
  li $t0, ST_CU0
  mtc0 $t0, CP0_STATUS
  ehb
  jal main
  addiu $sp, $sp, -16            /* o32: the callee may spill its 4 argument registers here */
3:
  b 3b                         /* main() does not return */
  nop

/* A context other than 0 sleeps here for good: interrupts are off, so nothing wakes it for long. */
park:
  wait
  b park
  nop
  .end _start

/* The boot stack needs no clearing: kernel.ld puts it after __bss_end. */
  .section .bootstack, "aw", @nobits
  .balign 8
  .globl bootstack
bootstack:
  .space BOOTSTACKSIZE
