/* Kernel entry: every started context comes here (kasane-sim starts CPU 0, and every context of
 * every core too when core.smp_start is set) in kernel mode with Status = CU0|BEV and interrupts
 * off, with
 *     $a0 = kseg0 address of the struct kasane_bootinfo,  $a1 = KASANE_BOOT_MAGIC.
 * CPU 0 (core 0's context 0) gets a stack and $gp, clears .bss, leaves the boot vectors and calls
 * main(). The others wait until main() has set the kernel up (smp_go, smp.c), then take their
 * scheduler stack and call mpmain(). Without core.smp_start the kernel runs on core 0 alone. */
#include "mips.h"
#include "param.h"

  .section .text.start, "ax"
  .set noreorder
  .globl _start
  .ent _start
_start:
  mfc0 $t0, CP0_EBASE
  andi $t0, $t0, EBASE_CPUNUM
  bnez $t0, secondary
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

/* Any other CPU: wait for smp_go (in .data, which main() does not clear; a plain load loop, as
 * the wait is the length of main()), then run mpmain() on cpustack[CPUNum] (.bss, cleared by now),
 * with the exception vectors at EBase. $t0 still holds CPUNum. */
secondary:
  la $t1, smp_go
1:
  lw $t2, 0($t1)
  beqz $t2, 1b
  nop
  sync
  la $gp, _gp
  la $sp, cpustack
  addiu $t0, $t0, 1
  sll $t0, $t0, PGSHIFT          /* CPUSTACKSIZE is PGSIZE */
  addu $sp, $sp, $t0
  li $t1, ST_CU0
  mtc0 $t1, CP0_STATUS
  ehb
  jal mpmain
  addiu $sp, $sp, -16
4:
  b 4b
  nop
  .end _start

/* The boot stack needs no clearing: kernel.ld puts it after __bss_end. */
  .section .bootstack, "aw", @nobits
  .balign 8
  .globl bootstack
bootstack:
  .space BOOTSTACKSIZE
