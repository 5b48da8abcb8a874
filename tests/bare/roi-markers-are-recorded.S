/* Regions of interest: region 1 spans a loop of 1000 iterations (about 2000 instructions), region
 * 2 is empty; then the 64-bit cycle counter is read and the program exits 0 if it moved. */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $s0, SIMCTL
    li $t0, 1
    sw $t0, KASANE_SIMCTL_ROI_BEGIN($s0)
    li $t1, 1000
1:  addiu $t1, $t1, -1
    bnez $t1, 1b
    nop
    sw $t0, KASANE_SIMCTL_ROI_END($s0)
    li $t0, 2
    sw $t0, KASANE_SIMCTL_ROI_BEGIN($s0)
    sw $t0, KASANE_SIMCTL_ROI_END($s0)
    lw $t2, KASANE_SIMCTL_CYCLE_LO($s0)
    lw $t3, KASANE_SIMCTL_CYCLE_HI($s0)
    sltiu $t2, $t2, 2000    /* 1 (failure) if fewer than 2000 cycles have passed */
    or $t2, $t2, $t3        /* the high word must be 0 this early */
    sw $t2, KASANE_SIMCTL_EXIT($s0)
2:  b 2b
    nop
