/* Statistics per region: region 5 spans the whole program but its first three instructions and
 * its last three; inside it region 3 is entered twice (two loops of 100 iterations) around region
 * 4 (a loop of 50 iterations with a multiply, so the regions use different units). */
#include "bare.h"
#include <kasane/roi.h>

/* Region 4 has a name too (tests/host/test_trace_window.py traces it by name). */
KASANE_ROI_NAME(4, mul_loop)
    .set noreorder
    .text
    .globl _start
_start:
    li $s0, SIMCTL              /* lui + ori */
    li $t5, 5
    sw $t5, KASANE_SIMCTL_ROI_BEGIN($s0)   /* region 5: counts from this store on */
    li $t0, 3
    sw $t0, KASANE_SIMCTL_ROI_BEGIN($s0)
    li $t1, 100
1:  addiu $t1, $t1, -1
    bnez $t1, 1b
    nop
    sw $t0, KASANE_SIMCTL_ROI_END($s0)
    li $t4, 4
    sw $t4, KASANE_SIMCTL_ROI_BEGIN($s0)
    li $t1, 50
2:  mul $t2, $t1, $t1
    addiu $t1, $t1, -1
    bnez $t1, 2b
    nop
    sw $t4, KASANE_SIMCTL_ROI_END($s0)
    sw $t0, KASANE_SIMCTL_ROI_BEGIN($s0)   /* region 3 again */
    li $t1, 100
3:  addiu $t1, $t1, -1
    bnez $t1, 3b
    nop
    sw $t0, KASANE_SIMCTL_ROI_END($s0)
    sw $t5, KASANE_SIMCTL_ROI_END($s0)     /* region 5 ends before this store counts */
    li $t2, 0
    sw $t2, KASANE_SIMCTL_EXIT($s0)
4:  b 4b
    nop
