/* WAIT with only the timer (IM7) unmasked and interrupts disabled: the context sleeps until
 * Count reaches Compare, then continues after the WAIT and exits with status 0. The run must
 * last at least 100000 cycles, whether idle cycles are ticked or skipped. */
#include "bare.h"
    .set noreorder
    .text
    .globl _start
_start:
    li $t0, 0x8000          /* Status: IM7 only, IE = 0 */
    mtc0 $t0, $12
    mtc0 $zero, $9          /* Count = 0 */
    li $t0, 100000
    mtc0 $t0, $11           /* Compare */
    ehb
    wait
    mfc0 $t1, $9            /* Count >= Compare now */
    sltu $t2, $t1, $t0
    li $t0, SIMCTL
    sw $t2, KASANE_SIMCTL_EXIT($t0)
1:  b 1b
    nop
