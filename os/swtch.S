/* swtch(save, load): switch kernel threads on this context. Saves the callee-saved registers,
 * $sp and $ra into *save (unless save is 0: a thread that will never be resumed) and loads them
 * from *load, so the call "returns" into whatever load last saved or was built to start at
 * (struct kcontext in proc.h). Everything else is caller-saved under o32, so this is all a
 * thread's kernel state besides its stack. */
#include "param.h"
#include "proc.h"

  .set noreorder
  .text
  .globl swtch
  .ent swtch
swtch:
  beqz $a0, 1f
  nop
  sw $s0, 0($a0)
  sw $s1, 4($a0)
  sw $s2, 8($a0)
  sw $s3, 12($a0)
  sw $s4, 16($a0)
  sw $s5, 20($a0)
  sw $s6, 24($a0)
  sw $s7, 28($a0)
  sw $fp, 32($a0)
  sw $sp, KCTX_SP($a0)
  sw $ra, KCTX_RA($a0)
1:
  lw $s0, 0($a1)
  lw $s1, 4($a1)
  lw $s2, 8($a1)
  lw $s3, 12($a1)
  lw $s4, 16($a1)
  lw $s5, 20($a1)
  lw $s6, 24($a1)
  lw $s7, 28($a1)
  lw $fp, 32($a1)
  lw $sp, KCTX_SP($a1)
  lw $ra, KCTX_RA($a1)
  jr $ra
  nop
  .end swtch

/* First instructions of a context the kernel started with tfork (sched.c, startctx): $a0 is the
 * context's CPU number. Take its scheduler stack and the kernel's $gp, and enter cpu_main(). */
  .globl cpu_start
  .ent cpu_start
cpu_start:
  la $gp, _gp
  la $sp, cpustack
  addiu $t0, $a0, 1
  sll $t0, $t0, PGSHIFT          /* CPUSTACKSIZE = PGSIZE: top of cpustack[a0] */
  addu $sp, $sp, $t0
  jal cpu_main
  addiu $sp, $sp, -16
  .end cpu_start
