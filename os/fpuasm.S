/* The only FP instructions in the kernel, which is compiled soft-float: moving a user thread's
 * FP registers and FCSR between the FPU of this context and a struct fpstate (proc.h), and
 * clearing the FPU. Each sets Status.CU1 for the moment (the kernel may run with it clear) and
 * puts Status back. Status.FR is 0: the 32 registers are 32 bits, and sdc1/ldc1 of an even
 * register move it and the odd one after it, the layout of struct fpstate. */
#include "mips.h"

#define FPSTATE_FCSR 128 /* offsetof(struct fpstate, fcsr) */

  .set noreorder
  .set noat
  .set push
  .set hardfloat
  .set fp=32

/* Set CU1 in Status, keeping the old Status in $t0. */
.macro cu1_on
  mfc0 $t0, CP0_STATUS
  lui $t1, %hi(ST_CU1)
  or $t1, $t0, $t1
  mtc0 $t1, CP0_STATUS
  ehb
.endm

/* fpu_save(fp): this context's FPU to *fp (8-byte aligned). */
  .globl fpu_save
  .ent fpu_save
fpu_save:
  cu1_on
  .irp n, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30
  sdc1 $f\n, 4*\n($a0)
  .endr
  cfc1 $t2, $31
  sw $t2, FPSTATE_FCSR($a0)
  mtc0 $t0, CP0_STATUS
  ehb
  jr $ra
  nop
  .end fpu_save

/* fpu_load(fp): *fp to this context's FPU; FCSR without its Cause bits, as a ctc1 that sets an
 * enabled cause raises a floating-point exception. */
  .globl fpu_load
  .ent fpu_load
fpu_load:
  cu1_on
  .irp n, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30
  ldc1 $f\n, 4*\n($a0)
  .endr
  lw $t2, FPSTATE_FCSR($a0)
  li $t3, ~FCSR_CAUSE
  and $t2, $t2, $t3
  ctc1 $t2, $31
  mtc0 $t0, CP0_STATUS
  ehb
  jr $ra
  nop
  .end fpu_load

/* fpu_zero(): every FP register and FCSR of this context to 0, so nothing of a thread stays in
 * an FPU another process may use next. */
  .globl fpu_zero
  .ent fpu_zero
fpu_zero:
  cu1_on
  .irp n, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, \
          23, 24, 25, 26, 27, 28, 29, 30, 31
  mtc1 $zero, $f\n
  .endr
  ctc1 $zero, $31
  mtc0 $t0, CP0_STATUS
  ehb
  jr $ra
  nop
  .end fpu_zero

  .set pop
