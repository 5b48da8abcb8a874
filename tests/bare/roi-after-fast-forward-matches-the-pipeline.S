/* For the fast-forward's tests (tests/host/test_fast_forward.py): the program fills a 4 KiB array
 * and sums it once through a function (a data-dependent branch, a JAL and a JR), which brings the
 * array and the code into the caches and trains the branch predictor. Region 1 begins there (the
 * switch point of sim.fast_forward = roi) and ends at once; region 2 sums the array again. With a
 * warm-up, region 2 must run exactly as on the pipeline alone; without one it meets cold caches
 * and an untrained predictor. Exits 0 if both sums are 2048, the sum of the pattern 0,1,2,3
 * repeated, odd values added once and even ones twice. */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $s0, SIMCTL
    la $s1, array
    move $t0, $zero
    li $t1, 1024
1:  sll $t2, $t0, 2
    addu $t2, $s1, $t2
    andi $t3, $t0, 3
    sw $t3, 0($t2)
    addiu $t0, $t0, 1
    bne $t0, $t1, 1b
    nop
    jal sum
    nop
    move $s2, $v0
    li $s3, 1
    sw $s3, KASANE_SIMCTL_ROI_BEGIN($s0)
    sw $s3, KASANE_SIMCTL_ROI_END($s0)
    /* A load that misses to DRAM and a use of it: while it waits, fetch fills up, so the
     * pipeline reaches the same state whether it ran all along or has just taken over. */
    la $t0, cold
    lw $t1, 0($t0)
    addu $s3, $t1, $zero
    addiu $s3, $s3, 2
    sw $s3, KASANE_SIMCTL_ROI_BEGIN($s0)
    jal sum
    nop
    sw $s3, KASANE_SIMCTL_ROI_END($s0)
    xori $t0, $s2, 2048
    xori $t1, $v0, 2048
    or $t0, $t0, $t1
    sltu $t0, $zero, $t0     /* 1 (failure) unless both sums are 2048 */
    sw $t0, KASANE_SIMCTL_EXIT($s0)
2:  b 2b
    nop

/* v0 = the sum of the array, odd values once and even values twice. */
sum:
    move $v0, $zero
    la $t4, array
    addiu $t5, $t4, 4096
3:  lw $t6, 0($t4)
    andi $t7, $t6, 1
    beqz $t7, 4f
    addiu $t4, $t4, 4
    b 5f
    addu $v0, $v0, $t6
4:  sll $t6, $t6, 1
    addu $v0, $v0, $t6
5:  bne $t4, $t5, 3b
    nop
    jr $ra
    nop

    .data
    .align 12
array:
    .space 4096
cold:  /* a page of its own, never touched before the load */
    .space 4096
