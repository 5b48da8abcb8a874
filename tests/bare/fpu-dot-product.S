/* The FPU end to end: enable CP1 (Status.CU1), take the dot product of (1..8) and (0.5 x 8) with
 * ldc1 and madd.d, compare it with 18.0 (c.eq.d, movt), then check that trunc(sqrt(18 - 2)) = 4
 * through mtc1/cvt.d.w/sub.d/sqrt.d/trunc.w.d/mfc1. Exits 0 if both hold, else non-zero. */
#include "bare.h"
    .set noreorder
    .set hardfloat
    .set fp=32
    .text
    .globl _start
_start:
    mfc0 $t0, $12
    lui $t1, 0x2000          /* Status.CU1 */
    or $t0, $t0, $t1
    mtc0 $t0, $12
    la $s1, vectors
    mtc1 $zero, $f0          /* the sum: +0.0 in the pair $f0/$f1 */
    mthc1 $zero, $f0
    li $t2, 8
1:  ldc1 $f2, 0($s1)
    ldc1 $f4, 64($s1)
    madd.d $f0, $f0, $f2, $f4
    addiu $t2, $t2, -1
    bnez $t2, 1b
    addiu $s1, $s1, 8
    li $t3, 18
    mtc1 $t3, $f10
    cvt.d.w $f10, $f10
    c.eq.d $fcc2, $f0, $f10
    li $t4, 1
    movt $t4, $zero, $fcc2   /* 0 if the sum is 18.0 */
    li $t5, 2
    mtc1 $t5, $f12
    cvt.d.w $f12, $f12
    sub.d $f14, $f0, $f12
    sqrt.d $f14, $f14
    trunc.w.d $f16, $f14
    mfc1 $t6, $f16
    addiu $t6, $t6, -4       /* 0 if trunc(sqrt(16)) is 4 */
    or $t4, $t4, $t6
    li $s0, SIMCTL
    sw $t4, KASANE_SIMCTL_EXIT($s0)
2:  b 2b
    nop

    .align 3
vectors:
    .double 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0
    .double 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5
